// GET /.netlify/functions/getIntegrationLog: staff only. Where registrations are handed on to: Shopify when it is
// configured, otherwise the integration log kept in Appwrite, newest first (at most 100 entries).
import { env } from '../lib/env';
import { handle, json, requireMethod } from '../lib/http';
import { readIntegrationLog } from '../lib/integration-log';
import { requireStaff } from '../lib/staff-auth';

export default handle(async (req) => {
  requireMethod(req, 'GET');
  await requireStaff(req);
  const shopify = Boolean(env('SHOPIFY_STORE_DOMAIN') && env('SHOPIFY_ADMIN_TOKEN'));
  const entries = await readIntegrationLog(100);
  return json({ target: shopify ? 'shopify' : 'log', shop: shopify ? env('SHOPIFY_STORE_DOMAIN') : null, entries }, 200);
});
