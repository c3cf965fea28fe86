// Starts the embedded server on loopback with a temp DATA_DIR and prints {port, apiKey} as one JSON line.
// BENCH_DATA_DIR names a DATA_DIR to use instead (filled beforehand, kept after); BENCH_STATIC_DIR the app build to
// serve; STAFF_EMAIL and STAFF_PASSWORD the staff account, as for `npm start`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app';
import { configFromEnv } from '../server/config';

const given = process.env.BENCH_DATA_DIR;
const dataDir = given ?? mkdtempSync(join(tmpdir(), 'warranty-bench-'));
const { STAFF_EMAIL, STAFF_PASSWORD, BENCH_STATIC_DIR } = process.env;
const server = await startServer({
  ...configFromEnv({ STAFF_EMAIL, STAFF_PASSWORD }),
  port: 0,
  host: '127.0.0.1',
  dataDir,
  staticDir: BENCH_STATIC_DIR ?? join(dataDir, 'no-static'),
  rateLimits: null,
  quiet: true,
});
process.stdout.write(
  `${JSON.stringify({ port: server.port, apiKey: server.secrets.apiKey, anonKey: server.secrets.anonKey, staff: server.createdStaff })}\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => {});
  if (!given) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// The parent holds our stdin: when it goes away, so do we.
process.stdin.on('end', stop).on('close', stop).resume();
