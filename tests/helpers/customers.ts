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
