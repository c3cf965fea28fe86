// `npm run setup:appwrite`, creates appwrite.json's database, collection and bucket on an Appwrite server.
import { readFileSync } from 'node:fs';
import { parseProjectFile } from '../server/appwrite/project-file';
import { setupAppwrite } from './lib/setup-appwrite';

const project = parseProjectFile(JSON.parse(readFileSync(new URL('../appwrite.json', import.meta.url), 'utf8')));
const env = {
  APPWRITE_ENDPOINT: process.env.APPWRITE_ENDPOINT,
  APPWRITE_PROJECT_ID: process.env.APPWRITE_PROJECT_ID || project.projectId,
  APPWRITE_API_KEY: process.env.APPWRITE_API_KEY,
};
const missing = Object.entries(env)
  .filter(([, v]) => !v)
  .map(([k]) => k);
if (missing.length > 0) {
  console.error(`Missing ${missing.join(', ')} in the environment.`);
  console.error(
    'Set APPWRITE_ENDPOINT (e.g. https://cloud.appwrite.io/v1) and APPWRITE_API_KEY (a key with the databases.* and buckets.* scopes);',
  );
  console.error(`APPWRITE_PROJECT_ID defaults to "${project.projectId}" from appwrite.json.`);
  process.exit(1);
}

try {
  await setupAppwrite({
    endpoint: env.APPWRITE_ENDPOINT!,
    projectId: env.APPWRITE_PROJECT_ID,
    apiKey: env.APPWRITE_API_KEY!,
    project,
    log: console.log,
  });
} catch (err) {
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  console.error(`setup:appwrite failed against ${env.APPWRITE_ENDPOINT}: ${err instanceof Error ? err.message : String(err)}${cause}`);
  process.exit(1);
}
