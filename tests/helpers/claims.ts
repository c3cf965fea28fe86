// Claims and care visits over plain HTTP, as the app's screens will send them: the customer's report and reply with
// their Appwrite JWT, the staff's calls with their access token, and the photos a customer uploads first with the
// unmodified web SDK (the wizard's photo path).
import { ID } from 'appwrite';
import { newClaimNumber } from '@/shared/claims/claim-number';
import { jwtOf, signedInCustomer, type Customer } from './customers';
import { STAFF, makeJpeg } from './fixtures';
import type { TestServer } from './server';
import { signIn } from './staff';

export type Answer<T = Record<string, unknown>> = { status: number; body: T & { error?: string; code?: string; details?: unknown } };

/** A function call: `jwt` as X-Appwrite-JWT, `staff` as the bearer token, a body sent as JSON unless it is a string. */
export async function call<T = Record<string, unknown>>(
  server: Pick<TestServer, 'url'>,
  name: string,
  init: { body?: unknown; jwt?: string; staff?: string; query?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const qs = init.query ? `?${new URLSearchParams(init.query).toString()}` : '';
  const res = await fetch(`${server.url}/.netlify/functions/${name}${qs}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.jwt ? { 'X-Appwrite-JWT': init.jwt } : {}),
      ...(init.staff ? { Authorization: `Bearer ${init.staff}` } : {}),
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

/** Staff signed in, then each customer of `emails`, in turn: the staff token, then the customers. */
export async function staffAndCustomers<const E extends readonly string[]>(
  server: TestServer,
  ...emails: E
): Promise<[string, ...{ [K in keyof E]: Customer }]> {
  const staff = await signIn(server, STAFF.email, STAFF.password);
  const customers: Customer[] = [];
  for (const email of emails) customers.push(await signedInCustomer(server, email));
  return [staff, ...customers] as unknown as [string, ...{ [K in keyof E]: Customer }];
}

/** A photo the customer uploads to the images bucket as the app does (readable by them): its file id. */
export async function uploadPhoto(c: Customer, name = 'clasp.jpg'): Promise<string> {
  const fileId = ID.unique();
  const jpeg = await makeJpeg();
  await c.as(() =>
    c.storage.createFile({
      bucketId: 'images',
      fileId,
      file: new File([jpeg], name, { type: 'image/jpeg' }),
      permissions: [`read("user:${c.userId}")`],
    }),
  );
  return fileId;
}

/** A registration staff import (importToAppwrite) for `fullName` at `email`: its id. */
export async function importedRegistration(server: Pick<TestServer, 'url'>, staff: string, fullName: string, email: string) {
  const imported = await call<{ results: { id: string }[] }>(server, 'importToAppwrite', {
    staff,
    body: { data: [{ 'Full Name': fullName, Email: email }] },
  });
  return imported.body.results[0]!.id;
}

/** "Send report" as the form sends it: a fresh id and number, every field valid; `over` replaces any. */
export const reportBody = (registrationId: string, photoIds: string[], over: Record<string, unknown> = {}) => ({
  id: ID.unique(),
  number: newClaimNumber(),
  registration_id: registrationId,
  problem: 'broken_chain_or_clasp',
  details: 'The clasp opened by itself and the chain fell off.',
  delivery: 'store',
  photo_ids: photoIds,
  ...over,
});

/** reportProblem as the signed-in customer. */
export const report = async (server: Pick<TestServer, 'url'>, c: Customer, body: unknown) =>
  call<{ claim: Record<string, unknown> & { id: string; number: string; status: string } }>(server, 'reportProblem', {
    body,
    jwt: await jwtOf(c),
  });

export const CLAIMS = { databaseId: 'warranty', collectionId: 'claims' };
export const EVENTS = { databaseId: 'warranty', collectionId: 'claim_events' };
export const VISITS = { databaseId: 'warranty', collectionId: 'care_visits' };
