// The SQLite store's migrations on a data folder an earlier release wrote: the week-long tokens that confirmation
// links used to carry are gone after the upgrade (a newer link or the confirmation must retire every earlier one),
// while the e-mailed codes waiting to be typed stay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../../../server/store/sqlite';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('upgrading a data folder', () => {
  it('retires the tokens of earlier confirmation links and keeps the e-mailed codes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warranty-migrate-'));
    dirs.push(dir);
    const latest = openDb(dir);
    const version = latest.pragma('user_version', { simple: true }) as number;
    latest.close();
    // The folder as the release before wrote it: one migration back, with a link's token and a code.
    const earlier = new Database(join(dir, 'warranty.sqlite'));
    earlier.pragma(`user_version = ${version - 1}`);
    earlier.exec(
      `INSERT INTO users (id, email, created_at, updated_at, accessed_at) VALUES ('u1', 'ada@example.com', '2026-11-01', '2026-11-01', '2026-11-01')`,
    );
    const insert = earlier.prepare(
      `INSERT INTO tokens (id, user_id, code_hash, salt, expire_ms, created_at, kind) VALUES (?, 'u1', 'h', 's', ?, '2026-11-20', ?)`,
    );
    insert.run('link', Date.now() + 6 * 86_400_000, 'generic');
    insert.run('code', Date.now() + 600_000, 'email');
    earlier.close();

    const upgraded = openDb(dir);
    expect(upgraded.prepare('SELECT id FROM tokens ORDER BY id').all()).toEqual([{ id: 'code' }]);
    expect(upgraded.pragma('user_version', { simple: true })).toBe(version);
    upgraded.close();
  });
});
