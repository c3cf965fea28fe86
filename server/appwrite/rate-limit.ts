// server/appwrite/rate-limit.ts: fixed-window counters kept in SQLite, so a restart does not reset them.
import type { Db } from '../store/sqlite';
import { rateLimited } from './errors';

export const HOUR_MS = 3_600_000;

/** Counts one hit on `key`; throws 429 once more than `limit` hits fall in the window. */
export function hit(db: Db, key: string, limit: number, windowMs = HOUR_MS): void {
  const now = Date.now();
  const row = db
    .prepare(
      `INSERT INTO rate_limits (key, count, reset_ms) VALUES (?, 1, ?)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN reset_ms <= ? THEN 1 ELSE count + 1 END,
         reset_ms = CASE WHEN reset_ms <= ? THEN excluded.reset_ms ELSE reset_ms END
       RETURNING count, reset_ms`,
    )
    .get(key, now + windowMs, now, now) as { count: number; reset_ms: number };
  if (row.count > limit) throw rateLimited(row.reset_ms);
}

export function resetLimit(db: Db, key: string): void {
  db.prepare('DELETE FROM rate_limits WHERE key = ?').run(key);
}
