// The staff cache against a fake of the two staff functions: paged fill, deltas, optimistic edits, conflicts kept.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb } from '@/db/schema';
import { staffRepository } from '@/db/staff-repository';
import { staffSnapshotRepository } from '@/db/staff-snapshot-repository';
import type { Submission } from '@/shared/contracts/submission';
import { flushPendingEdits, queueEdit, resolveConflict } from '@/sync/pending-edits';
import { StaffSyncError } from '@/sync/staff-api';
import { onTablesChanged } from '@/db/table-changes';
import { clearStaffCache, DELTA_OVERLAP_MS, lastSyncedAt, onFillRows, syncSubmissions } from '@/sync/submissions-sync';

const stamp = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** The functions' contract in memory: pages ordered by ($updatedAt, insertion), `since` inclusive, keyset cursor. */
class FakeFunctions {
  docs = new Map<string, Submission & { seq: number }>();
  clock = Date.parse('2026-03-01T10:00:00.000Z');
  seq = 0;
  requests: URL[] = [];
  offline = false;
  status: number | null = null;
  beforePage: ((n: number) => void) | null = null;
  /** Full pages newest first name the next page in their headers, and send their bodies once `bodyHeld` settles. */
  hints = false;
  bodyHeld: Promise<void> = Promise.resolve();

  add(n: number, opts: { sameTime?: boolean } = {}) {
    const t = stamp((this.clock += 1));
    for (let i = 0; i < n; i++) {
      const id = `doc-${String(this.seq).padStart(6, '0')}`;
      const at = opts.sameTime ? t : stamp((this.clock += 1));
      this.docs.set(id, {
        $id: id,
        $createdAt: at,
        $updatedAt: at,
        submitted_at: at,
        full_name: `Customer ${this.seq}`,
        email: `c${this.seq}@example.com`,
        phone: '',
        address: '',
        product_sku: '',
        selected_product: '',
        image_file_id: '',
        seq: this.seq++,
      });
    }
  }
  edit(id: string, fields: Partial<Submission>) {
    const d = this.docs.get(id)!;
    this.docs.set(id, { ...d, ...fields, $updatedAt: stamp((this.clock += 1000)), seq: this.seq++ });
    return this.docs.get(id)!;
  }
  plain = (d: Submission & { seq: number }): Submission => {
    const { seq: _seq, ...rest } = d;
    return rest;
  };

  fetch: typeof fetch = async (input, init) => {
    if (this.offline) throw new TypeError('Failed to fetch');
    const url = new URL(String(input));
    this.requests.push(url);
    if (this.status) return Response.json({ error: 'Nope.', code: 'nope' }, { status: this.status });
    if (url.pathname.endsWith('/getAppwriteSubmissions')) {
      this.beforePage?.(this.requests.length);
      const since = url.searchParams.get('since');
      const before = url.searchParams.get('before');
      const desc = url.searchParams.get('order') === 'desc';
      const cursor = url.searchParams.get('cursor');
      const limit = Number(url.searchParams.get('limit'));
      const key = (d: { $updatedAt: string; seq: number }) =>
        desc ? ([-Date.parse(d.$updatedAt), -d.seq] as const) : ([Date.parse(d.$updatedAt), d.seq] as const);
      const after = (a: readonly number[], b: readonly number[]) => a[0]! > b[0]! || (a[0] === b[0] && a[1]! > b[1]!);
      let rows = [...this.docs.values()].sort((a, b) => (after(key(a), key(b)) ? 1 : -1));
      if (since) rows = rows.filter((d) => Date.parse(d.$updatedAt) >= Date.parse(since));
      if (before) rows = rows.filter((d) => Date.parse(d.$updatedAt) <= Date.parse(before));
      if (cursor) rows = rows.filter((d) => after(key(d), key(this.docs.get(cursor)!)));
      rows = rows.slice(0, limit);
      const answer = {
        submissions: rows.map(this.plain),
        nextCursor: rows.length === limit ? rows.at(-1)!.$id : null,
        serverTime: new Date(this.clock).toISOString(),
      };
      const last = rows.at(-1);
      if (!this.hints || !desc || !last || rows.length < limit) return Response.json(answer);
      // As the function answers a full page newest first: where the next starts in the headers, the body held back.
      const body = new ReadableStream<Uint8Array>({
        start: async (c) => {
          await this.bodyHeld;
          c.enqueue(new TextEncoder().encode(JSON.stringify(answer)));
          c.close();
        },
      });
      return new Response(body, {
        headers: { 'content-type': 'application/json', 'x-next-before': last.$updatedAt, 'x-next-cursor': last.$id },
      });
    }
    const body = JSON.parse(String(init?.body)) as Submission & { id: string; expected_updated_at?: string };
    const doc = this.docs.get(body.id)!;
    if (body.expected_updated_at && body.expected_updated_at !== doc.$updatedAt)
      return Response.json(
        {
          error: 'This submission was changed by someone else since you opened it.',
          code: 'conflict',
          details: { current: this.plain(doc) },
        },
        { status: 409 },
      );
    const { id, expected_updated_at: _e, ...fields } = body;
    return Response.json(this.plain(this.edit(id, fields)));
  };
}

describe('staff cache', () => {
  let db: AppDb;
  let server: FakeFunctions;
  const opts = () => ({ token: 'staff-token', base: 'http://fn.test', fetchImpl: server.fetch });
  /** `n` new submissions on the server, synced to the device. */
  const synced = async (n: number) => {
    server.add(n);
    await syncSubmissions(db, opts());
  };
  /** An edit of the device's copy of `id`, based on the version the device holds. */
  const editCopy = async (id: string, fields: Partial<Submission>) =>
    queueEdit(db, { id, fields, baseUpdatedAt: (await db.submissions.get(id))!.$updatedAt });

  beforeEach(() => {
    db = openAppDb(`staff-${crypto.randomUUID()}`);
    server = new FakeFunctions();
  });

  it('fills an empty cache newest first, a small first page then large ones, and remembers when', async () => {
    server.add(2500);
    const result = await syncSubmissions(db, opts());
    expect(result.changed).toBe(2500);
    expect(await db.submissions.count()).toBe(2500);
    const fill = server.requests.filter((u) => u.searchParams.get('order') === 'desc');
    expect(fill.map((u) => u.searchParams.get('limit'))).toEqual(['500', '5000']);
    expect(fill[0]!.searchParams.has('since')).toBe(false);
    expect(fill[1]!.searchParams.get('before')).toBe(server.docs.get('doc-002000')!.$updatedAt);
    expect(fill[1]!.searchParams.get('cursor')).toBe('doc-002000');
    // Then the changes made while it filled, as every later sync asks.
    expect(server.requests.at(-1)!.searchParams.has('since')).toBe(true);
    expect(await lastSyncedAt(db)).toBe(result.syncedAt);
  });

  it('asks for the next fill page when a page’s headers say where it starts, before its body has arrived', async () => {
    server.add(12_000);
    server.hints = true;
    let release!: () => void;
    server.bodyHeld = new Promise((r) => (release = r));
    const sync = syncSubmissions(db, opts());
    // The first full page's body is held: the second page is asked for on its headers alone.
    await expect.poll(() => server.requests.length).toBe(2);
    expect(server.requests[1]!.searchParams.get('cursor')).toBe('doc-011500');
    release();
    const result = await sync;
    expect(result.changed).toBe(12_000);
    expect(await db.submissions.count()).toBe(12_000);
    const fill = server.requests.filter((u) => u.searchParams.get('order') === 'desc');
    // The same pages as without the headers, each asked for once.
    expect(fill.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'doc-011500', 'doc-006500', 'doc-001500']);
  });

  it('hands the rows of each stored fill page to the page that shows them, as stored, saying which is the last, and stops when asked', async () => {
    server.add(2500);
    const pages: Submission[][] = [];
    const lasts: boolean[] = [];
    const stop = onFillRows((rows, last) => {
      pages.push(rows);
      lasts.push(last);
    });
    await syncSubmissions(db, opts());
    expect(pages.map((p) => p.length)).toEqual([500, 2000]);
    expect(lasts).toEqual([false, true]);
    const handed = pages.flat();
    expect(handed.map((r) => r.$id)).toEqual((await staffRepository(db).latest(2500)).map((r) => r.$id));
    expect(handed).toEqual(await staffRepository(db).byIds(handed.map((r) => r.$id)));
    stop();
    await clearStaffCache(db);
    await syncSubmissions(db, opts());
    expect(pages).toHaveLength(2);
  });

  it('then asks only for changes since the last server time, less a small overlap', async () => {
    await synced(30);
    const serverTime = server.clock;
    server.edit('doc-000007', { full_name: 'Ada King' });
    server.requests = [];
    const result = await syncSubmissions(db, opts());
    expect(Date.parse(server.requests[0]!.searchParams.get('since')!)).toBe(serverTime - DELTA_OVERLAP_MS);
    expect(result.changed).toBe(1);
    expect((await db.submissions.get('doc-000007'))!.full_name).toBe('Ada King');
  });

  it('pages through more rows than a page that share one timestamp', async () => {
    server.add(2300, { sameTime: true });
    await syncSubmissions(db, opts());
    expect(await db.submissions.count()).toBe(2300);
  });

  it('misses nothing when the row at a page boundary is edited mid-fill', async () => {
    server.add(2500);
    server.beforePage = (n) => {
      if (n === 2) server.edit('doc-000999', { full_name: 'Moved' });
    };
    await syncSubmissions(db, opts());
    expect(await db.submissions.count()).toBe(2500);
    expect((await db.submissions.get('doc-000999'))!.full_name).toBe('Moved');
  });

  it('never replaces a cached row with an older copy', async () => {
    await synced(3);
    const newer = { ...(await db.submissions.get('doc-000001'))!, full_name: 'Newer', $updatedAt: stamp(server.clock + 10_000) };
    await db.submissions.put(newer);
    await db.meta.delete('staff.watermark');
    await syncSubmissions(db, opts());
    expect((await db.submissions.get('doc-000001'))!.full_name).toBe('Newer');
  });

  it('shows a queued edit at once and merges a second one into it', async () => {
    await synced(2);
    const base = (await db.submissions.get('doc-000000'))!.$updatedAt;
    await queueEdit(db, { id: 'doc-000000', fields: { full_name: 'Ada King' }, baseUpdatedAt: base });
    await queueEdit(db, { id: 'doc-000000', fields: { phone: '+1 5550001111' }, baseUpdatedAt: 'ignored' });
    const edit = (await db.pendingEdits.get('doc-000000'))!;
    expect(edit).toMatchObject({ baseUpdatedAt: base, fields: { full_name: 'Ada King', phone: '+1 5550001111', email: 'c0@example.com' } });
    expect(await db.submissions.get('doc-000000')).toMatchObject({ full_name: 'Ada King', phone: '+1 5550001111', $updatedAt: base });
  });

  it('sends pending edits and keeps the server’s copy', async () => {
    await synced(2);
    const base = (await db.submissions.get('doc-000001'))!.$updatedAt;
    await queueEdit(db, { id: 'doc-000001', fields: { full_name: 'Grace Hopper' }, baseUpdatedAt: base });
    const result = await flushPendingEdits(db, opts());
    expect(result).toEqual({ sent: ['doc-000001'], conflicts: [], failed: 0 });
    expect(await db.pendingEdits.count()).toBe(0);
    expect(await db.submissions.get('doc-000001')).toEqual(server.plain(server.docs.get('doc-000001')!));
    expect(server.docs.get('doc-000001')!.full_name).toBe('Grace Hopper');
  });

  it('sends an edit once when two flushes start together', async () => {
    await synced(1);
    await editCopy('doc-000000', { full_name: 'Once' });
    const [a, b] = await Promise.all([flushPendingEdits(db, opts()), flushPendingEdits(db, opts())]);
    expect([a, b].map((r) => r.conflicts.length)).toEqual([0, 0]);
    expect(server.requests.filter((u) => u.pathname.endsWith('/updateAppwriteSubmission'))).toHaveLength(1);
  });

  it('keeps edits made offline until the network returns', async () => {
    await synced(2);
    for (const id of ['doc-000000', 'doc-000001']) await editCopy(id, { address: '1 Main St' });
    server.offline = true;
    expect(await flushPendingEdits(db, opts())).toEqual({ sent: [], conflicts: [], failed: 2 });
    expect(await db.pendingEdits.count()).toBe(2);
    expect((await db.pendingEdits.get('doc-000000'))!.lastError).toMatch(/network/);
    await expect(syncSubmissions(db, opts())).rejects.toMatchObject({ status: 0, code: 'offline' });
    server.offline = false;
    expect((await flushPendingEdits(db, opts())).sent).toEqual(['doc-000000', 'doc-000001']);
  });

  it('keeps a conflict for the staff member instead of overwriting, then settles it either way', async () => {
    await synced(2);
    for (const id of ['doc-000000', 'doc-000001']) {
      await editCopy(id, { full_name: `Mine ${id}` });
      server.edit(id, { full_name: `Theirs ${id}` });
    }
    const first = await flushPendingEdits(db, opts());
    expect(first.sent).toEqual([]);
    expect(first.conflicts.map((c) => [c.id, c.mine.fields.full_name, c.current.full_name])).toEqual([
      ['doc-000000', 'Mine doc-000000', 'Theirs doc-000000'],
      ['doc-000001', 'Mine doc-000001', 'Theirs doc-000001'],
    ]);
    expect(server.docs.get('doc-000000')!.full_name).toBe('Theirs doc-000000');
    const requestsBefore = server.requests.length;
    expect((await flushPendingEdits(db, opts())).conflicts).toHaveLength(2);
    expect(server.requests.length).toBe(requestsBefore);

    await resolveConflict(db, 'doc-000000', 'mine');
    await resolveConflict(db, 'doc-000001', 'theirs');
    expect((await db.submissions.get('doc-000001'))!.full_name).toBe('Theirs doc-000001');
    const last = await flushPendingEdits(db, opts());
    expect(last).toEqual({ sent: ['doc-000000'], conflicts: [], failed: 0 });
    expect(server.docs.get('doc-000000')!.full_name).toBe('Mine doc-000000');
    expect(server.docs.get('doc-000001')!.full_name).toBe('Theirs doc-000001');
  });

  it('keeps showing a pending edit when a newer server copy arrives, and the send then conflicts', async () => {
    await synced(1);
    await editCopy('doc-000000', { full_name: 'Mine' });
    server.edit('doc-000000', { phone: '+44 2071234567' });
    await syncSubmissions(db, opts());
    expect(await db.submissions.get('doc-000000')).toMatchObject({ full_name: 'Mine', phone: '' });
    expect((await flushPendingEdits(db, opts())).conflicts[0]!.current.phone).toBe('+44 2071234567');
  });

  it('stops with the server’s reason when the session is refused', async () => {
    await synced(1);
    await queueEdit(db, { id: 'doc-000000', fields: { full_name: 'X' }, baseUpdatedAt: '' });
    server.status = 401;
    const err = await flushPendingEdits(db, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaffSyncError);
    expect(err).toMatchObject({ status: 401, message: 'Nope.' });
    await expect(syncSubmissions(db, opts())).rejects.toMatchObject({ status: 401 });
    expect(await db.pendingEdits.count()).toBe(1);
  });

  it('sends the bearer token and runs one sync at a time', async () => {
    server.add(5);
    let auth: string | null = null;
    const inner = server.fetch;
    server.fetch = (input, init) => {
      auth = new Headers(init?.headers).get('authorization');
      return inner(input, init);
    };
    const [a, b] = await Promise.all([syncSubmissions(db, opts()), syncSubmissions(db, opts())]);
    expect(a).toBe(b);
    // One fill (a single page) and its closing delta.
    expect(server.requests).toHaveLength(2);
    expect(auth).toBe('Bearer staff-token');
  });

  it('forgets submissions, pending edits, staff sync marks and the fast-read copy, and nothing else', async () => {
    await synced(3);
    await queueEdit(db, { id: 'doc-000000', fields: { full_name: 'X' }, baseUpdatedAt: '' });
    await db.meta.put({ key: 'catalog.etag', value: 'abc' });
    await staffSnapshotRepository(db).write({ rows: await db.submissions.toArray(), since: '', pendingIds: ['doc-000000'] });
    expect(await db.staffSnapshot.count()).toBeGreaterThan(0);
    await clearStaffCache(db);
    expect([await db.submissions.count(), await db.pendingEdits.count(), await lastSyncedAt(db)]).toEqual([0, 0, null]);
    expect(await staffSnapshotRepository(db).read()).toBeNull();
    expect(await db.staffSnapshot.count()).toBe(0);
    expect((await db.meta.toArray()).map((m) => m.key)).toEqual(['catalog.etag']);
  });

  describe('with more registrations on the server than the device keeps', () => {
    const WINDOW = 1200;
    const newestIds = async () => ((await db.submissions.orderBy('$updatedAt').reverse().primaryKeys()) as string[]).sort();
    const expectedNewest = (n: number) =>
      [...server.docs.values()]
        .sort((a, b) => (a.$updatedAt < b.$updatedAt ? 1 : -1))
        .slice(0, n)
        .map((d) => d.$id)
        .sort();

    it('keeps the newest window and not a row more, and says it holds only part', async () => {
      server.add(3000);
      const handed: Submission[][] = [];
      const held: number[] = [];
      const stop = onFillRows((rows, last) => {
        handed.push(rows);
        // What the table counts the moment the fill's last page is stored.
        if (last) void db.submissions.count().then((n) => held.push(n));
      });
      await syncSubmissions(db, opts(), WINDOW);
      stop();
      expect(await newestIds()).toEqual(expectedNewest(WINDOW));
      expect(await staffRepository(db).coverage()).toEqual({ complete: false });
      // It stopped at the window: no page below it was asked for, and the one row asked beyond it (only the sign that
      // there are more) was not kept.
      const limits = server.requests.filter((u) => u.searchParams.get('order') === 'desc').map((u) => u.searchParams.get('limit'));
      expect(limits).toEqual(['500', '701']);
      expect(handed.map((p) => p.length)).toEqual([500, 700]);
      expect(held).toEqual([WINDOW]);
      expect(
        handed
          .flat()
          .map((r) => r.$id)
          .sort(),
      ).toEqual(expectedNewest(WINDOW));
    });

    it('never holds more than the window while a later sync brings rows below it again', async () => {
      server.add(3000);
      await syncSubmissions(db, opts(), WINDOW);
      // What the table would count after each write: the rows of the later sync's page and any dropped with them.
      const counts: number[] = [];
      const stop = onTablesChanged(db, ['submissions'], () => void db.submissions.count().then((n) => counts.push(n)));
      server.add(20);
      // Every row changed within the sync's overlap comes again, down to the 1,800 already dropped.
      await syncSubmissions(db, opts(), WINDOW);
      await new Promise((r) => setTimeout(r, 50));
      stop();
      expect(counts.length).toBeGreaterThan(0);
      expect(Math.max(...counts)).toBe(WINDOW);
      expect(await newestIds()).toEqual(expectedNewest(WINDOW));
    });

    it('holds everything, and says so, when the server has fewer', async () => {
      server.add(900);
      await syncSubmissions(db, opts(), WINDOW);
      expect(await db.submissions.count()).toBe(900);
      expect(await staffRepository(db).coverage()).toEqual({ complete: true });
    });

    it('goes on where a fill stopped (the page closed, the network went)', async () => {
      server.add(3000);
      server.beforePage = (n) => {
        if (n === 2) throw new TypeError('Failed to fetch');
      };
      await expect(syncSubmissions(db, opts(), WINDOW)).rejects.toBeInstanceOf(StaffSyncError);
      expect(await db.submissions.count()).toBe(500);
      server.beforePage = null;
      server.requests = [];
      await syncSubmissions(db, opts(), WINDOW);
      expect(server.requests[0]!.searchParams.get('before')).toBe(server.docs.get('doc-002500')!.$updatedAt);
      expect(server.requests[0]!.searchParams.get('cursor')).toBe('doc-002500');
      expect(await newestIds()).toEqual(expectedNewest(WINDOW));
    });

    it('drops rows that fall out of the window, but never one opened or edited here', async () => {
      server.add(WINDOW);
      await syncSubmissions(db, opts(), WINDOW);
      expect(await staffRepository(db).coverage()).toEqual({ complete: true });
      const oldest = ['doc-000000', 'doc-000001', 'doc-000002'];
      await editCopy(oldest[0]!, { full_name: 'Edited offline' });
      await staffRepository(db).keep((await db.submissions.get(oldest[1]!))!);
      server.add(50);
      await syncSubmissions(db, opts(), WINDOW);
      expect(await db.submissions.get(oldest[2]!)).toBeUndefined();
      expect((await db.submissions.get(oldest[0]!))!.full_name).toBe('Edited offline');
      expect(await db.submissions.get(oldest[1]!)).toBeDefined();
      expect(await db.pendingEdits.count()).toBe(1);
      expect(await db.submissions.count()).toBe(WINDOW + 2);
      expect(await staffRepository(db).coverage()).toEqual({ complete: false });
    });

    it('keeps a registration opened from the server, even far below the window, and forgets it at sign-out', async () => {
      server.add(3000);
      await syncSubmissions(db, opts(), WINDOW);
      const old = server.plain(server.docs.get('doc-000010')!);
      await staffRepository(db).keep(old);
      server.add(10);
      await syncSubmissions(db, opts(), WINDOW);
      expect((await db.submissions.get('doc-000010'))!.full_name).toBe('Customer 10');
      await clearStaffCache(db);
      expect(await db.keptSubmissions.count()).toBe(0);
    });
  });
});
