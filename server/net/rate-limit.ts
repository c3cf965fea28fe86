// Fixed-window counters kept in SQLite, so a restart does not reset them. Protocol-neutral: each protocol turns
// a refusal into its own error shape (Appwrite's 429, GoTrue's 429).
import { returnedRow, type Db } from '../store/sqlite';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A refused hit: the count went over the limit; the window ends at resetMs. */
export class RateLimited extends Error {
  constructor(readonly resetMs: number) {
    super('Too many requests.');
    this.name = 'RateLimited';
  }
}

/** Adds `weight` to `key`'s count; throws RateLimited once the count in the window passes `limit`. */
export function hit(db: Db, key: string, limit: number, windowMs = HOUR_MS, weight = 1): void {
  const now = Date.now();
  const row = returnedRow<{ count: number; reset_ms: number }>(
    db.prepare(
      `INSERT INTO rate_limits (key, count, reset_ms) VALUES (?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN reset_ms <= ? THEN excluded.count ELSE count + excluded.count END,
         reset_ms = CASE WHEN reset_ms <= ? THEN excluded.reset_ms ELSE reset_ms END
       RETURNING count, reset_ms`,
    ),
    key,
    weight,
    now + windowMs,
    now,
    now,
  );
  if (row.count > limit) throw new RateLimited(row.reset_ms);
}

/** The count in the current window (0 when none), without adding to it. */
export function countOf(db: Db, key: string): number {
  const row = db.prepare('SELECT count, reset_ms FROM rate_limits WHERE key = ?').get(key) as
    { count: number; reset_ms: number } | undefined;
  return row && row.reset_ms > Date.now() ? row.count : 0;
}

export function resetLimit(db: Db, key: string): void {
  db.prepare('DELETE FROM rate_limits WHERE key = ?').run(key);
}

/** Drops windows that have ended, so the table holds only live counters. */
export function sweepLimits(db: Db): void {
  db.prepare('DELETE FROM rate_limits WHERE reset_ms <= ?').run(Date.now());
}
