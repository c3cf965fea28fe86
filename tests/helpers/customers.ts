// A web-SDK customer signed in through the emailed code, as the wizard does, and the registration the customer's
// device creates.
import { ID } from 'appwrite';
import { registration } from './fixtures';
import { latestCode, type TestServer } from './server';
import { webCustomer, type WebCustomer } from './web-customer';

export type Customer = WebCustomer & { userId: string; email: string };

/** Signs `email` in on a fresh web-SDK client; `code` reads the emailed code (the dev mailbox unless told). */
export async function signedInCustomer(
  server: Pick<TestServer, 'endpoint' | 'url'>,
  email: string,
  code: (email: string) => Promise<string> | string = (e) => latestCode(server.url, e),
): Promise<Customer> {
  const c = webCustomer(server.endpoint);
  const token = await c.as(() => c.account.createEmailToken({ userId: ID.unique(), email }));
  const secret = await code(email);
  await c.as(() => c.account.createSession({ userId: token.userId, secret }));
  return Object.assign(c, { userId: token.userId, email });
}

/** The customer's own registration document (the customer's id and e-mail unless `over` says otherwise), created as the outbox does. */
export function createRegistration(c: Customer, over: Record<string, unknown> = {}, documentId: string = ID.unique()) {
  return c.as(() =>
    c.databases.createDocument({
      databaseId: 'warranty',
      collectionId: 'submissions',
      documentId,
      data: registration({ email: c.email, user_id: c.userId, ...over }),
    }),
  );
}

/** A JWT for the customer's session, as the app gets one before calling a function. */
export const jwtOf = async (c: WebCustomer) => (await c.as(() => c.account.createJWT())).jwt;

/** POST /.netlify/functions/sendToShopify as the app sends it after a registration (a string body goes as it is). */
export const sendToShopify = (server: Pick<TestServer, 'url'>, body: unknown, jwt?: string) =>
  fetch(`${server.url}/.netlify/functions/sendToShopify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(jwt ? { 'X-Appwrite-JWT': jwt } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
