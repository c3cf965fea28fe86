// How a counter device sends a registration confirmed later by the customer's link: each photo, then the
// registration, through the submitFromCounter function with the counter's token (idempotent by the pre-made ids).
import { counterRepository } from '@/db/counter-repository';
import type { AppDb } from '@/db/schema';
import { callFunction } from '@/lib/functions';
import { failure, kindOfStatus, OK, type BackendResult, type CounterSender, type SubmissionData } from './backend';
import { failureOf } from './appwrite-backend';

export const NOT_A_COUNTER = 'This device is no longer enrolled as a counter. Ask staff to enrol it again, then retry.';

/** Base64 of a photo's bytes, in chunks (a whole photo as one argument list would overflow the stack). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The function's refusal as the engine acts on it: a refused token sets the record aside with the server's words. */
async function resultOf(res: Response): Promise<BackendResult> {
  if (res.ok) return OK;
  const body = (await res.json().catch(() => ({}))) as { error?: unknown };
  const message = typeof body.error === 'string' ? body.error : `submitFromCounter answered ${res.status}.`;
  if (res.status === 401 || res.status === 403) return failure('rejected', message);
  // 409: a photo of it is not on the server yet; the photos go again first.
  if (res.status === 409) return failure('server', message);
  return failure(kindOfStatus(res.status), message);
}

export function counterSender(db: AppDb, base = '', fetchImpl: typeof fetch = (input, init) => fetch(input, init)): CounterSender {
  const send = async (body: unknown): Promise<BackendResult> => {
    const enrolment = await counterRepository(db).enrolment();
    if (!enrolment) return failure('rejected', NOT_A_COUNTER);
    try {
      return await resultOf(await callFunction('submitFromCounter', { counterToken: enrolment.token, body, base, fetchImpl }));
    } catch (err) {
      return failureOf(err);
    }
  };
  return {
    async sendPhoto({ fileId, blob, name }) {
      return send({ photo: { id: fileId, name, type: blob.type || 'image/jpeg', data: await base64Of(blob) } });
    },
    sendRegistration({ documentId, data }: { documentId: string; data: SubmissionData }) {
      const { user_id: _owner, status: _status, store: _store, ...fields } = data;
      return send({ registration: { id: documentId, ...fields } });
    },
  };
}
