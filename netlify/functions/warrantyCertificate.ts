// GET warrantyCertificate?id=REGISTRATION, the customer (their Appwrite JWT): the warranty certificate of one of the
// registrations /warranties shows them as a PDF download; anyone else's, or a pending one, is answered as missing (404).
import { defineFunction } from '../lib/define';
import { limitAccount } from '../lib/rate-limit';
import { warrantyCertificate } from '../lib/certificate/download';

export default defineFunction('warrantyCertificate', async ({ customer, query: { id } }) => {
  await limitAccount('warrantyCertificate', customer.id, 200, 'certificate downloads');
  return warrantyCertificate(id, customer);
});
