// The claims' outbox against a scripted fake backend: a report or reply reaches the server exactly once, its photos
// go up once under the ids made when it was kept, the network's failures back off, a missing session holds it, and a
// refusal sets it aside with the server's words.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import { openAppDb, type AppDb } from '@/db/schema';
import type { ClaimOutboxEntry } from '@/db/types';
import { failure, OK, type BackendResult } from '@/sync/backend';
import { flushClaims, PHOTO_REFUSED, type ClaimBackend } from '@/sync/claim-outbox';
import { SIGNED_OUT } from '@/sync/outbox';
import { addDraftPhoto } from '../../../helpers/app-db';

class FakeClaims implements ClaimBackend {
  session: string | null = 'user-1';
  uploads: string[] = [];
  sends: string[] = [];
  answers: BackendResult<{ number: string }>[] = [];
  async sessionUserId() {
    return { ok: true as const, value: this.session };
  }
  async uploadFile({ fileId }: { fileId: string }): Promise<BackendResult> {
    this.uploads.push(fileId);
    return OK;
  }
  async send(entry: ClaimOutboxEntry) {
    this.sends.push(`${entry.kind}:${entry.id}:${entry.files.map((f) => f.fileId).join(',')}`);
    return this.answers.shift() ?? { ok: true as const, value: { number: entry.kind === 'report' ? entry.number : 'C-7KQ2MX' } };
  }
}

let db: AppDb;
let backend: FakeClaims;
let clock = 1_000;
const now = () => clock;

beforeEach(async () => {
  db = openAppDb(`claims-${crypto.randomUUID()}`);
  backend = new FakeClaims();
  clock = 1_000;
});

async function keepReport(id = 'claim-1', photos = 2) {
  const ids = [];
  for (let i = 0; i < photos; i++) ids.push(await addDraftPhoto(db, { draftId: id }));
  return claimOutboxRepository(db).enqueue(
    {
      kind: 'report',
      id,
      userId: 'user-1',
      registrationId: 'reg-1',
      number: 'C-ABCDEF',
      problem: 'resizing',
      details: 'Too small.',
      delivery: 'mail',
    },
    ids,
  );
}

describe('the claims outbox', () => {
  it('sends a report once with its photos, then forgets it and its photos; the server may answer another number', async () => {
    const kept = await keepReport();
    backend.answers.push({ ok: true, value: { number: 'C-SERVER' } });
    const report = await flushClaims(db, backend, { now });
    expect(report).toEqual({ sent: [{ id: 'claim-1', number: 'C-SERVER' }], waiting: 0 });
    expect(backend.uploads).toEqual(kept.files.map((f) => f.fileId));
    expect(backend.sends).toEqual([`report:claim-1:${kept.files.map((f) => f.fileId).join(',')}`]);
    expect(await claimOutboxRepository(db).all()).toEqual([]);
    expect(await db.draftFiles.where('draftId').equals('claim-1').count()).toBe(0);
    expect((await flushClaims(db, backend, { now })).sent).toEqual([]);
    expect(backend.sends).toHaveLength(1);
  });

  it('keeps the same report with the same ids through a lost network, and does not send its photos twice', async () => {
    const kept = await keepReport();
    backend.answers.push(failure('network', 'Failed to fetch'));
    expect(await flushClaims(db, backend, { now })).toEqual({ sent: [], waiting: 1 });
    const [waiting] = await claimOutboxRepository(db).all();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Failed to fetch' });
    expect(waiting!.files.every((f) => f.uploaded)).toBe(true);
    expect(waiting!.nextAttemptAt).toBeGreaterThan(clock);
    // Not due yet: nothing is sent; once due (or the network is back), it goes, with the same ids.
    expect((await flushClaims(db, backend, { now })).sent).toEqual([]);
    expect((await flushClaims(db, backend, { now, ignoreBackoff: true })).sent).toEqual([{ id: 'claim-1', number: 'C-ABCDEF' }]);
    expect(backend.uploads).toHaveLength(2);
    expect(new Set(backend.sends)).toEqual(new Set([`report:claim-1:${kept.files.map((f) => f.fileId).join(',')}`]));
  });

  it("holds a report for its customer's sign-in, never sending it under another's session", async () => {
    await keepReport();
    backend.session = 'someone-else';
    await flushClaims(db, backend, { now });
    expect(backend.sends).toEqual([]);
    expect((await claimOutboxRepository(db).all())[0]).toMatchObject({ status: 'needs-sign-in', lastError: SIGNED_OUT });
    backend.session = 'user-1';
    expect((await flushClaims(db, backend, { now, ignoreBackoff: true })).sent).toEqual([]);
    await claimOutboxRepository(db).releaseSignIn('user-1');
    expect((await flushClaims(db, backend, { now })).sent).toHaveLength(1);
  });

  it("sets a refused reply aside with the server's words, and sends no more of it", async () => {
    await claimOutboxRepository(db).enqueue(
      { kind: 'reply', id: 'ev-1', userId: 'user-1', registrationId: 'reg-1', claimId: 'claim-9', message: 'Left.' },
      [],
    );
    backend.answers.push(failure('rejected', 'This claim is "Approved" now: that step is not possible.'));
    expect(await flushClaims(db, backend, { now, ignoreBackoff: true })).toEqual({ sent: [], waiting: 0 });
    expect((await claimOutboxRepository(db).all())[0]).toMatchObject({
      status: 'rejected',
      lastError: expect.stringContaining('Approved'),
    });
    await flushClaims(db, backend, { now, ignoreBackoff: true });
    expect(backend.sends).toEqual(['reply:ev-1:']);
    await claimOutboxRepository(db).forget('ev-1');
    expect(await claimOutboxRepository(db).all()).toEqual([]);
  });

  it('says a photo the storage refused plainly, and sends nothing of that report', async () => {
    await keepReport('claim-4', 1);
    backend.uploadFile = async () => failure('rejected', 'Invalid `file` param: File extension not allowed');
    await flushClaims(db, backend, { now });
    expect((await claimOutboxRepository(db).all())[0]).toMatchObject({ status: 'rejected', lastError: PHOTO_REFUSED });
    expect(backend.sends).toEqual([]);
  });

  it('keeps one record per id, and refuses one whose photo is gone', async () => {
    const first = await keepReport('claim-2', 1);
    expect(await keepReport('claim-2', 0)).toEqual(first);
    await expect(
      claimOutboxRepository(db).enqueue(
        {
          kind: 'report',
          id: 'claim-3',
          userId: 'user-1',
          registrationId: 'reg-1',
          number: 'C-ABCDEF',
          problem: 'resizing',
          details: 'x',
          delivery: 'mail',
        },
        ['missing-photo'],
      ),
    ).rejects.toThrow(/no longer on this device/);
    expect((await claimOutboxRepository(db).all()).map((e) => e.id)).toEqual(['claim-2']);
  });
});
