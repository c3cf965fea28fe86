// What the Netlify build writes next to the app from the site's environment: app-config.json (read by the app at
// start) and _headers (the Content-Security-Policy for this deployment's Appwrite and Supabase origins).
import { parseRuntimeConfig, type RuntimeConfig } from '../../src/lib/runtime-config';
import { counterTimingsFromEnv } from '../../src/shared/counter-timings';
import { backendOrigins, contentSecurityPolicy, netlifyHeadersFile } from '../../server/csp';

export class MissingSetting extends Error {}

export function deploymentFiles(env: Record<string, string | undefined>): { config: RuntimeConfig; headers: string; csp: string } {
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new MissingSetting(`${name} is not set. See .env.example.`);
    return v;
  };
  const config = parseRuntimeConfig({
    appwriteEndpoint: need('APPWRITE_ENDPOINT'),
    appwriteProjectId: need('APPWRITE_PROJECT_ID'),
    databaseId: env.APPWRITE_DATABASE_ID ?? 'warranty',
    collectionId: env.APPWRITE_COLLECTION_ID ?? 'submissions',
    bucketId: env.APPWRITE_BUCKET_ID ?? 'images',
    supabaseUrl: need('SUPABASE_URL'),
    supabaseAnonKey: need('SUPABASE_ANON_KEY'),
    brand: {
      productName: env.PRODUCT_NAME ?? 'Warranty Registration',
      accent: env.BRAND_ACCENT ?? '#9a7b4f',
      careTipsUrl: env.CARE_TIPS_URL ?? 'https://example.com/pages/jewelry-care',
    },
    counter: counterTimingsFromEnv(env),
  });
  const csp = contentSecurityPolicy(backendOrigins([config.appwriteEndpoint, config.supabaseUrl]));
  return { config, headers: netlifyHeadersFile(csp), csp };
}
