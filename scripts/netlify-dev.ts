// `npm run dev:netlify`: the site as Netlify runs it, with Netlify's own local emulation (@netlify/dev): netlify.toml's
// build command, then dist/, netlify/functions (bundled as Netlify bundles them) and netlify.toml's headers and
// redirects on one origin. The backends are wherever the environment says, as on Netlify: APPWRITE_ENDPOINT,
// APPWRITE_PROJECT_ID, APPWRITE_API_KEY, SUPABASE_URL, SUPABASE_ANON_KEY (see .env.example). Against a local
// `npm start`, the API key and the anon key are read from its DATA_DIR when they are not set.
//
//   npx tsx scripts/netlify-dev.ts [--port 8787] [--host 127.0.0.1] [--no-build] [--log]
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NETLIFY_ENV, ROOT, netlifyBuildCommand, startNetlifySite } from './lib/netlify-site';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'no-build': { type: 'boolean', default: false },
    log: { type: 'boolean', default: false },
  },
});

// The keys of a local embedded server, from its DATA_DIR, for whichever of the two is not set.
const dataDir = resolve(process.env.DATA_DIR || './.data');
const secretsFile = join(dataDir, 'secrets.json');
if ((!process.env.APPWRITE_API_KEY || !process.env.SUPABASE_ANON_KEY) && existsSync(secretsFile)) {
  const secrets = JSON.parse(readFileSync(secretsFile, 'utf8')) as { apiKey?: string; anonKey?: string };
  process.env.APPWRITE_API_KEY ||= secrets.apiKey;
  process.env.SUPABASE_ANON_KEY ||= secrets.anonKey;
  console.log(`  Keys read from ${secretsFile}`);
}
const missing = NETLIFY_ENV.filter((name) => !process.env[name]);
if (missing.length) {
  console.error(`Missing ${missing.join(', ')} in the environment (the settings a Netlify site needs; see .env.example).`);
  console.error('Against a local `npm start` on port 8888:');
  console.error(
    '  APPWRITE_ENDPOINT=http://127.0.0.1:8888/v1 APPWRITE_PROJECT_ID=warranty SUPABASE_URL=http://127.0.0.1:8888 npm run dev:netlify',
  );
  process.exit(1);
}

if (!args['no-build']) {
  const command = netlifyBuildCommand();
  console.log(`  Building as Netlify does: ${command}`);
  execSync(command, { cwd: ROOT, stdio: 'inherit', env: process.env });
}

console.log('  Starting the emulation and bundling the functions as Netlify does…');
const site = await startNetlifySite({ port: Number(args.port), host: args.host, log: args.log });
console.log(`\n  Netlify emulation running at ${site.url}`);
console.log(`  Appwrite:      ${process.env.APPWRITE_ENDPOINT}   (project "${process.env.APPWRITE_PROJECT_ID}")`);
console.log(`  Supabase Auth: ${process.env.SUPABASE_URL}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await site.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
