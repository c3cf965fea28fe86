// How screens hear of the device's writes (src/db/table-changes.ts): a change to a watched table is heard, another
// table's is not; and a burst of changes (a queue draining) costs a read at its start and one at its end, never two
// reads at once, where every change used to cost a read of the whole outbox.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxRepository } from '@/db/outbox-repository';
import { openAppDb, type AppDb } from '@/db/schema';
import { onTablesChanged, pacedReads } from '@/db/table-changes';
import { addDraftPhoto } from '../../../helpers/app-db';
import { registrationFields } from '../../../helpers/fixtures';

describe('onTablesChanged', () => {
  let db: AppDb;
  beforeEach(() => {
    db = openAppDb(`changes-${crypto.randomUUID()}`);
  });

  it("hears a committed write to a watched table, not another table's, and nothing once unsubscribed", async () => {
    let heard = 0;
    const stop = onTablesChanged(db, ['outbox'], () => heard++);
    const outbox = outboxRepository(db);

    const entry = await outbox.enqueue({ userId: 'u1', fields: registrationFields(), draftFileIds: [] });
    expect(heard).toBeGreaterThan(0);

    heard = 0;
    await addDraftPhoto(db);
    expect(heard).toBe(0);

    await outbox.forgetSent(entry.id);
    expect(heard).toBeGreaterThan(0);

    stop();
    heard = 0;
    await outbox.enqueue({ userId: 'u1', fields: registrationFields(), draftFileIds: [] });
    expect(heard).toBe(0);
  });

  it('hears a page come back from the back-forward cache, when anything may have changed', async () => {
    let heard = 0;
    const stop = onTablesChanged(db, ['outbox'], () => heard++);
    Dexie.on.storagemutated.fire({ all: {} as never });
    stop();
    expect(heard).toBe(1);
  });
});

describe('pacedReads', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Paced reads every 250 ms of a read that takes `ms`, counting how many run at once. */
  function pacedReader(ms: number) {
    const log = { started: 0, finished: 0, atOnce: 0, mostAtOnce: 0 };
    const read = async () => {
      log.started++;
      log.atOnce++;
      log.mostAtOnce = Math.max(log.mostAtOnce, log.atOnce);
      await new Promise((r) => setTimeout(r, ms));
      log.atOnce--;
      log.finished++;
    };
    return { log, reads: pacedReads(read, 250) };
  }

  it('reads at once, then once for a burst of changes, at the end of the interval', async () => {
    const { log, reads } = pacedReader(10);
    expect(log.started).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(log.finished).toBe(1);

    // Forty changes over 200 ms: one read, 250 ms after the first one started.
    for (let i = 0; i < 40; i++) {
      reads.again();
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(log.started).toBe(1);
    await vi.advanceTimersByTimeAsync(60);
    expect(log.started).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.started).toBe(2);
    reads.stop();
  });

  it('reads again after a read that a change came during, never two at once', async () => {
    const { log, reads } = pacedReader(400);
    await vi.advanceTimersByTimeAsync(100);
    reads.again(); // during the first read
    reads.again();
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toMatchObject({ started: 2, finished: 1 });
    await vi.advanceTimersByTimeAsync(400);
    expect(log).toMatchObject({ started: 2, finished: 2, mostAtOnce: 1 });
    reads.stop();
  });

  it('reads a change at once when the last read is older than the interval', async () => {
    const { log, reads } = pacedReader(10);
    await vi.advanceTimersByTimeAsync(5_000);
    reads.again();
    expect(log.started).toBe(2);
    reads.stop();
  });

  it('reads nothing more once stopped', async () => {
    const { log, reads } = pacedReader(10);
    await vi.advanceTimersByTimeAsync(20);
    reads.again();
    reads.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    reads.again();
    expect(log.started).toBe(1);
  });
});
