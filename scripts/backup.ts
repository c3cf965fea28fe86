// `npm run backup -- DIR`: a consistent copy of DATA_DIR (database, photos, keys) while the server runs.
// `npm run restore -- DIR [--force]`: puts one back into DATA_DIR with the server stopped.
import { resolve } from 'node:path';
import { backup, restore } from '../server/backup';
import { loadDotEnv } from '../server/env-file';

loadDotEnv();

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const target = rest.find((a) => !a.startsWith('--'));
const dataDir = resolve(process.env.DATA_DIR || './.data');

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!target) fail(`Usage: npm run ${command ?? 'backup'} -- DIR${command === 'restore' ? ' [--force]' : ''}   (DATA_DIR: ${dataDir})`);
try {
  if (command === 'backup') {
    const m = await backup(dataDir, resolve(target));
    console.log(`Backed up ${dataDir} to ${resolve(target)}: the database and ${m.files} photo files.`);
  } else if (command === 'restore') {
    const { keptAside, manifest } = restore(resolve(target), dataDir, { force });
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${dataDir}.${keptAside ? ` The previous data is in ${keptAside}.` : ''}`,
    );
  } else {
    fail('Use backup or restore.');
  }
} catch (err) {
  fail((err as Error).message);
}
