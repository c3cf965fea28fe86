// `.env` in the folder the server starts from, so `npm start` and the scripts beside it take the settings of
// .env.example without exporting them. Variables already set in the environment win over the file.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Loads `file` (default `./.env`) into process.env when it exists; returns whether it did. */
export function loadDotEnv(file = resolve('.env')): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
