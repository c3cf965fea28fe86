// GET warrantyCertificate?id=REGISTRATION, the customer (their Appwrite JWT): the warranty certificate of one of their
// own confirmed registrations as a PDF download; anyone else's, or a pending one, is answered as missing (404).
import { defineFunction } from '../lib/define';
import { rateLimit } from '../lib/rate-limit';
import { warrantyCertificate } from '../lib/warranty-certificate';

export default defineFunction('warrantyCertificate', async ({ customer, query: { id } }) => {
  await rateLimit({
    key: `warrantyCertificate:${customer.id}`,
    max: 200,
    windowMs: 3_600_000,
    message: 'Too many certificate downloads from this account. Please try again later.',
  });
  return warrantyCertificate(id, customer.id);
});
