// A device whose queue was written before its records were indexed by customer: after the upgrade, sending one
// record still counts the customer's others (the session ends only with the last one), by index.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { outboxRepository } from '@/db/outbox-repository';
import { openAppDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { registrationFields } from '../../../helpers/fixtures';

/** The app's database as it was before version 6, so a device holding a queue from then can be made. */
function openVersion5(name: string) {
  const db = new Dexie(name);
  db.version(1).stores({
    drafts: 'id, updatedAt',
    draftFiles: 'id, draftId',
    outbox: 'id, status, nextAttemptAt, createdAt',
    catalog: 'id',
    submissions: '$id, $updatedAt',
    pendingEdits: 'id',
    meta: 'key',
  });
  db.version(2).stores({ staffSnapshot: 'key' });
  db.version(3).stores({ claimOutbox: 'id, createdAt' });
  db.version(4).stores({ claims: 'id, updated_at, [open+opened_at]' });
  db.version(5).stores({ keptSubmissions: 'id' });
  return db;
}

const entry = (id: string, userId: string, createdAt: number): OutboxEntry => ({
  id,
  userId,
  fields: registrationFields(),
  submittedAt: new Date(createdAt).toISOString(),
  files: [],
  documentCreated: true,
  shopifyNotified: false,
  status: 'sent',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt,
});

describe("a device's queue from before the outbox was indexed by customer", () => {
  it("is counted per customer after the upgrade, down to the customer's last record", async () => {
    const name = `outbox-upgrade-${crypto.randomUUID()}`;
    const old = openVersion5(name);
    await old.table('outbox').bulkPut([entry('a1', 'ada', 1), entry('b1', 'bo', 2), entry('a2', 'ada', 3), entry('a3', 'ada', 4)]);
    old.close();

    const db = openAppDb(name);
    const outbox = outboxRepository(db);
    expect(await outbox.forgetSentCountingRest('a1', 'ada')).toBe(2);
    expect(await outbox.forgetSentCountingRest('a2', 'ada')).toBe(1);
    expect(await outbox.forgetSentCountingRest('b1', 'bo')).toBe(0);
    expect(await outbox.forgetSentCountingRest('a3', 'ada')).toBe(0);
    expect(db.verno).toBe(6);
    db.close();
  });
});
