// GET getIntegrationLog, staff only: where registrations are handed on to (Shopify when it is configured,
// otherwise the integration log kept in Appwrite), newest first, at most 100 entries.
import { defineFunction } from '../lib/define';
import { env } from '../lib/env';
import { readIntegrationLog } from '../lib/integration-log';

export default defineFunction('getIntegrationLog', async () => {
  const shopify = Boolean(env('SHOPIFY_STORE_DOMAIN') && env('SHOPIFY_ADMIN_TOKEN'));
  return {
    target: shopify ? 'shopify' : 'log',
    shop: shopify ? env('SHOPIFY_STORE_DOMAIN')! : null,
    entries: await readIntegrationLog(100),
  };
});
