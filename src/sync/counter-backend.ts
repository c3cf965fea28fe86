// How a counter device sends a registration confirmed later by the customer's link: each photo, then the
// registration, through the submitFromCounter function with the counter's token (idempotent by the pre-made ids).
import { counterRepository } from '@/db/counter-repository';
import type { AppDb } from '@/db/schema';
import { base64Of } from '@/shared/base64';
import { callFunction, type FunctionResult } from '@/lib/functions';
import type { FunctionBody } from '@/shared/contracts/functions';
import { failure, kindOfStatus, OK, type BackendResult, type CounterSender, type SubmissionData } from './backend';
import { failureOf } from './appwrite-backend';

export const NOT_A_COUNTER = 'This device is no longer enrolled as a counter. Ask staff to enrol it again, then retry.';

type CounterBody = FunctionBody<'submitFromCounter'>;
type PhotoType = Extract<CounterBody, { photo: unknown }>['photo']['type'];

/** The function's refusal as the engine acts on it: a refused token sets the record aside with the server's words. */
function resultOf(answer: FunctionResult<'submitFromCounter'>): BackendResult {
  if (answer.ok) return OK;
  if (answer.status === 401 || answer.status === 403) return failure('rejected', answer.error);
  // 409: a photo of it is not on the server yet; the photos go again first.
  if (answer.status === 409) return failure('server', answer.error);
  return failure(kindOfStatus(answer.status), answer.error);
}

export function counterSender(db: AppDb, base = '', fetchImpl: typeof fetch = (input, init) => fetch(input, init)): CounterSender {
  const send = async (body: CounterBody): Promise<BackendResult> => {
    const enrolment = await counterRepository(db).enrolment();
    if (!enrolment) return failure('rejected', NOT_A_COUNTER);
    try {
      return resultOf(await callFunction('submitFromCounter', { counterToken: enrolment.token, body, base, fetchImpl }));
    } catch (err) {
      return failureOf(err);
    }
  };
  return {
    async sendPhoto({ fileId, blob, name }) {
      // The photos of a registration are JPEG, PNG or WebP already (HEIC is converted on the device); the server checks.
      const type = (blob.type || 'image/jpeg') as PhotoType;
      return send({ photo: { id: fileId, name, type, data: await base64Of(blob) } });
    },
    sendRegistration({ documentId, data }: { documentId: string; data: SubmissionData }) {
      const { user_id: _owner, status: _status, store: _store, ...fields } = data;
      return send({ registration: { id: documentId, ...fields } });
    },
  };
}
