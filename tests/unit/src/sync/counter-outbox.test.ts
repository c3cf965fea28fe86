// The outbox engine's counter path: a registration confirmed later by the customer goes photos first, then the
// registration, through the counter (never the customer's session, never Shopify); refused ones are set aside.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb } from '@/db/schema';
import { outboxRepository } from '@/db/outbox-repository';
import { failure, OK, type BackendResult, type CounterSender, type OutboxBackend } from '@/sync/backend';
import { flushOutbox } from '@/sync/outbox';
import { addDraftPhoto } from '../../../helpers/app-db';
import { registrationFields } from '../../../helpers/fixtures';

const unused = async (): Promise<BackendResult> => failure('rejected', 'not for counter registrations');

class FakeCounter implements CounterSender {
  photos = new Map<string, string>();
  registrations = new Map<string, Record<string, unknown>>();
  calls: string[] = [];
  refuse: { kind: 'rejected' | 'network' | 'server'; message: string } | null = null;
  async sendPhoto({ fileId, name }: { fileId: string; blob: Blob; name: string }) {
    this.calls.push(`photo:${fileId}`);
    if (this.refuse) return failure(this.refuse.kind, this.refuse.message);
    this.photos.set(fileId, name);
    return OK;
  }
  async sendRegistration({ documentId, data }: { documentId: string; data: Record<string, unknown> }) {
    this.calls.push(`registration:${documentId}`);
    if (this.refuse) return failure(this.refuse.kind, this.refuse.message);
    this.registrations.set(documentId, data);
    return OK;
  }
}

let db: AppDb;
beforeEach(() => {
  db = openAppDb(crypto.randomUUID());
});

/** A backend whose only working part is the counter; it counts the times the customer's session was asked for. */
function counterBackend(): OutboxBackend & { counter: FakeCounter; sessionAsked: number } {
  const backend = {
    counter: new FakeCounter(),
    sessionAsked: 0,
    sessionUserId: async () => {
      backend.sessionAsked++;
      return { ok: true as const, value: null };
    },
    uploadFile: unused,
    createDocument: unused,
    notifyShopify: unused,
    endSession: unused,
  };
  return backend;
}

async function queueFromCounter() {
  const photo = await addDraftPhoto(db, { draftId: 'd1', name: 'ring.jpg' });
  return outboxRepository(db).enqueue({
    userId: '',
    fields: registrationFields({ address: '12 Elm St', product_sku: '' }),
    draftFileIds: [photo],
    store: 'Soho',
    via: 'counter',
  });
}

describe('flushOutbox: a counter registration', () => {
  it('sends its photos, then the registration, without a customer session, and forgets it once accepted', async () => {
    const entry = await queueFromCounter();
    const backend = counterBackend();
    const report = await flushOutbox(db, backend);
    expect(report.sent).toEqual([entry.id]);
    expect(backend.counter.calls).toEqual([`photo:${entry.files[0]!.fileId}`, `registration:${entry.id}`]);
    expect(backend.counter.registrations.get(entry.id)).toMatchObject({ email: 'ada@example.com', image_file_id: entry.files[0]!.fileId });
    expect(backend.sessionAsked).toBe(0);
    expect(await outboxRepository(db).get(entry.id)).toBeUndefined();
    expect(await db.draftFiles.count()).toBe(0);
  });

  it('keeps it, photos and all, while the server is unreachable, and sends it once it answers', async () => {
    const entry = await queueFromCounter();
    const backend = counterBackend();
    backend.counter.refuse = { kind: 'network', message: 'Failed to fetch' };
    await flushOutbox(db, backend);
    expect(await outboxRepository(db).get(entry.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await db.draftFiles.count()).toBe(1);
    backend.counter.refuse = null;
    const report = await flushOutbox(db, backend, { ignoreBackoff: true });
    expect(report.sent).toEqual([entry.id]);
  });

  it('sets it aside with the server’s reason when the counter was revoked, never dropping it', async () => {
    const entry = await queueFromCounter();
    const backend = counterBackend();
    backend.counter.refuse = { kind: 'rejected', message: 'This counter device was revoked. Ask staff to enrol it again.' };
    await flushOutbox(db, backend);
    expect(await outboxRepository(db).get(entry.id)).toMatchObject({
      status: 'rejected',
      lastError: 'This counter device was revoked. Ask staff to enrol it again.',
    });
    expect(await db.draftFiles.count()).toBe(1);
  });
});
