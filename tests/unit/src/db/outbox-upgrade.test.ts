// A device whose queue was written before its records were indexed by customer: after the upgrade, sending one
// record still counts the customer's others (the session ends only with the last one), by index.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { outboxRepository } from '@/db/outbox-repository';
import { openAppDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { registrationFields } from '../../../helpers/fixtures';

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
    const old = openAppDb(name, 5);
    await old.outbox.bulkPut([entry('a1', 'ada', 1), entry('b1', 'bo', 2), entry('a2', 'ada', 3), entry('a3', 'ada', 4)]);
    expect(old.verno).toBe(5);
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
