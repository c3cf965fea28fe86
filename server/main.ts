// `npm start` after the build: one process serving everything on PORT.
import { configFromEnv } from './config';
import { startServer } from './app';
import { loadDotEnv } from './env-file';

async function main() {
  const fromFile = loadDotEnv();
  let config;
  try {
    config = configFromEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const server = await startServer(config);
  const site = server.url;
  console.log(`\n  ${config.productName} is running at ${site}`);
  console.log(`  Appwrite API:   ${site}/v1   (project "${config.projectId}")`);
  console.log(`  Data:           ${config.dataDir}`);
  if (fromFile) console.log('  Settings:       environment, then ./.env');
  console.log(`  Staff auth:     ${site}/auth/v1   (Supabase Auth protocol)`);
  console.log(`  Mail:           ${server.mailer.describe()}\n`);
  if (server.createdStaff) {
    console.log(`  Staff sign-in: ${server.createdStaff.email}; its password is in ${server.createdStaff.file} (readable by you only).`);
    console.log('  Keep it somewhere safe and delete the file; `npm run staff -- add EMAIL` adds more staff.\n');
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('  Stopping: finishing requests in flight…');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
