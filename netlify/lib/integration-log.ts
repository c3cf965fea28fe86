// netlify/lib/integration-log.ts: without Shopify configured, hand-offs are recorded here instead: one JSON line
// per registration in INTEGRATION_LOG_FILE (the embedded server's DATA_DIR), or the function log on Netlify.
import { appendFile, readFile } from 'node:fs/promises';
import { env } from './env';

export type LogEntry = { at: string; registrationId: string; email: string; action: string; result: string };

export async function readIntegrationLog(file = env('INTEGRATION_LOG_FILE')): Promise<LogEntry[]> {
  if (!file) return [];
  try {
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogEntry);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Records the hand-off once per registration; returns false when it was already recorded. */
export async function recordOnce(entry: Omit<LogEntry, 'at'>): Promise<boolean> {
  const file = env('INTEGRATION_LOG_FILE');
  const line = { at: new Date().toISOString(), ...entry };
  if (!file) {
    console.log('[integration]', JSON.stringify(line));
    return true;
  }
  if ((await readIntegrationLog(file)).some((e) => e.registrationId === entry.registrationId && e.action === entry.action)) return false;
  await appendFile(file, JSON.stringify(line) + '\n');
  return true;
}
