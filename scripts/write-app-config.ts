// scripts/write-app-config.ts: on Netlify, writes dist/app-config.json from the build environment, so the one
// build reads its deployment's settings at run time, as it does from the embedded server.
import { writeFileSync } from 'node:fs';
import { parseRuntimeConfig } from '../src/lib/runtime-config';

const env = process.env;
const need = (name: string) => {
  const v = env[name];
  if (!v) {
    console.error(`write-app-config: ${name} is not set. See .env.example.`);
    process.exit(1);
  }
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
});
writeFileSync(new URL('../dist/app-config.json', import.meta.url), JSON.stringify(config, null, 2));
console.log('dist/app-config.json written');
