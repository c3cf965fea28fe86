// Signs a web-SDK customer in through the emailed code, as the wizard does.
import { ID } from 'appwrite';
import { latestCode, type TestServer } from './server';
import { webCustomer, type WebCustomer } from './web-customer';

export async function signedInCustomer(server: TestServer, email: string): Promise<WebCustomer & { userId: string }> {
  const c = webCustomer(server.endpoint);
  const token = await c.as(() => c.account.createEmailToken({ userId: ID.unique(), email }));
  const code = await latestCode(server.url, email);
  await c.as(() => c.account.createSession({ userId: token.userId, secret: code }));
  return Object.assign(c, { userId: token.userId });
}

export const registration = (over: Record<string, unknown> = {}) => ({
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 5551234567',
  address: '12 Elm St, Apt 4, Springfield, IL, 62701, United States',
  product_sku: 'Aurora Pendant',
  selected_product: '',
  image_file_id: '',
  submitted_at: new Date().toISOString(),
  ...over,
});
