// The page's flush triggers: start, back online, back in view, on request, the backoff timer; and the Web Locks path.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAppDb } from '@/db/schema';
import { failure, OK, type OutboxBackend } from '@/sync/backend';
import { flushOutbox, type FlushReport } from '@/sync/outbox';
import { outboxRepository } from '@/db/outbox-repository';
import { startFlushTriggers, startOutboxTriggers } from '@/sync/triggers';
import { CLAIMS_FLUSH_REQUEST, requestClaimsFlush, requestFlush } from '@/sync/flush-request';
import { addDraftPhoto } from '../../../helpers/app-db';
import { registrationFields } from '../../../helpers/fixtures';

/** Lets fake-indexeddb (setImmediate, not faked) finish what a flush started. */
const settle = async () => {
  for (let i = 0; i < 300; i++) await new Promise((r) => setImmediate(r));
};

async function dbWithOneRecord() {
  const db = openAppDb(crypto.randomUUID());
  await addDraftPhoto(db, { id: 'p1', draftId: 'd' });
  await outboxRepository(db).enqueue({ userId: 'u1', fields: registrationFields(), draftFileIds: ['p1'] });
  return db;
}

/** The server answers 503 to every upload, so the record stays and backs off. */
const downBackend = (): OutboxBackend & { uploads: number } => {
  const b = {
    uploads: 0,
    sessionUserId: async () => ({ ok: true as const, value: 'u1' }),
    uploadFile: async () => {
      b.uploads++;
      return failure('server', 'Service Unavailable');
    },
    createDocument: async () => OK,
    notifyShopify: async () => OK,
    endSession: async () => OK,
  };
  return b;
};

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** One queued record, a server that is down, fake timers, and the triggers started on a fake window and document. */
async function startedTriggers() {
  const db = await dbWithOneRecord();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const backend = downBackend();
  const win = new EventTarget();
  const doc = new FakeDocument();
  const reports: FlushReport[] = [];
  const stop = startOutboxTriggers(db, backend, { win, doc, onReport: (r) => reports.push(r) });
  return { db, backend, win, doc, reports, stop };
}

describe('startOutboxTriggers', () => {
  it('flushes on start, on online, when visible again and on the backoff timer (at least 5 s); stop ends it', async () => {
    const { backend, win, doc, reports, stop } = await startedTriggers();
    await settle();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ pending: 1, lastError: 'Service Unavailable' });

    // The backoff is about 2 s, but the timer never fires sooner than 5 s.
    await vi.advanceTimersByTimeAsync(4_900);
    await settle();
    expect(backend.uploads).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(backend.uploads).toBe(2);

    vi.setSystemTime(Date.now() + 60_000); // due again, without firing the timer
    win.dispatchEvent(new Event('online'));
    await settle();
    expect(backend.uploads).toBe(3);

    vi.setSystemTime(Date.now() + 60_000);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(backend.uploads).toBe(3);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(backend.uploads).toBe(4);

    stop();
    vi.setSystemTime(Date.now() + 60_000);
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await settle();
    expect(backend.uploads).toBe(4);
  });
});

describe('the outbox lock', () => {
  it('uses Web Locks when the platform has them', async () => {
    const names: string[] = [];
    vi.stubGlobal('navigator', { locks: { request: (name: string, fn: () => Promise<unknown>) => (names.push(name), fn()) } });
    const db = openAppDb(crypto.randomUUID());
    await flushOutbox(db, downBackend());
    expect(names).toEqual(['warranty-outbox']);
  });
});

describe('flush requests', () => {
  it('sends at once when the network returns or a person asks; a plain request only re-plans', async () => {
    const { db, backend, win, reports, stop } = await startedTriggers();
    vi.stubGlobal('dispatchEvent', (e: Event) => win.dispatchEvent(e));
    const runs = async (n: number) => {
      for (let i = 0; i < 20 && reports.length < n; i++) await settle();
      expect(reports).toHaveLength(n);
    };
    await runs(1);
    expect(backend.uploads).toBe(1);

    requestFlush(); // backing off: nothing is due yet
    await runs(2);
    expect(backend.uploads).toBe(1);
    requestFlush(true);
    await runs(3);
    expect(backend.uploads).toBe(2);
    win.dispatchEvent(new Event('online'));
    await runs(4);
    expect(backend.uploads).toBe(3);
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 3, lastErrorKind: 'server' });
    stop();
  });
});

describe('the kept reports and replies', () => {
  it('are sent at once on a request, set no timer while nothing waits, and a stopped runner reports nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const win = new EventTarget();
    vi.stubGlobal('dispatchEvent', (e: Event) => win.dispatchEvent(e));
    const runs: boolean[] = [];
    const reports: number[] = [];
    let finish = () => {};
    const stop = startFlushTriggers(
      {
        run: (now) => {
          runs.push(now);
          return new Promise<number>((resolve) => (finish = () => resolve(runs.length)));
        },
        soonestAttemptAt: async () => Infinity,
        request: CLAIMS_FLUSH_REQUEST,
        quietWhenEmpty: true,
      },
      { win, doc: new FakeDocument(), onReport: (n) => reports.push(n) },
    );
    finish();
    await settle();
    requestClaimsFlush();
    await settle();
    expect(runs).toEqual([false, true]);
    finish();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await settle();
    expect(runs).toEqual([false, true]);
    expect(reports).toEqual([1, 2]);

    requestClaimsFlush();
    await settle();
    stop();
    finish();
    await settle();
    expect(runs).toHaveLength(3);
    expect(reports).toEqual([1, 2]);
  });
});
