// A set-aside registration fixed on the device: reopened as a wizard run (its photos copied, the record kept), and the
// fix queued in its place under its id, so the server can only ever hold one of them.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { draftsRepository } from '@/db/drafts-repository';
import { outboxRepository } from '@/db/outbox-repository';
import { openAppDb, type AppDb } from '@/db/schema';
import { addDraftPhoto } from '../../../helpers/app-db';
import { registrationFields } from '../../../helpers/fixtures';

let db: AppDb;
beforeEach(() => {
  db = openAppDb(`set-aside-${crypto.randomUUID()}`);
});

async function setAsideRecord() {
  const photo = await addDraftPhoto(db);
  const outbox = outboxRepository(db);
  const entry = await outbox.enqueue({ userId: 'u1', fields: registrationFields({ full_name: 'A'.repeat(452) }), draftFileIds: [photo] });
  await outbox.setAside(entry.id, entry.files, { lastError: 'Invalid document structure', lastErrorKind: 'rejected', failedAt: 1 });
  return { outbox, entry, photo };
}

describe('reopening a set-aside registration', () => {
  it('opens it next, with copies of its photos, and keeps the record until the fix is queued', async () => {
    const { entry, photo } = await setAsideRecord();
    const drafts = draftsRepository(db);
    await drafts.save({ id: 'later-run', step: 3, values: {}, updatedAt: Date.now() + 60_000 });
    await drafts.reopen({ id: 'fix-run', step: 1, values: { fixingEntryId: entry.id }, updatedAt: Date.now() }, [photo]);
    // A run saved later (the page left as the fix opened) does not take its place.
    await drafts.save({ id: 'later-run', step: 3, values: {}, updatedAt: Date.now() + 120_000 });

    const opened = await drafts.latest();
    expect(opened).toMatchObject({ draft: { id: 'fix-run', step: 1 }, reopened: true });
    expect(opened.files).toHaveLength(1);
    expect(opened.files[0]!.id).not.toBe(photo);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'rejected' });
    expect(await db.draftFiles.get(photo)).toBeDefined();
    // Once: the next start opens the latest run again.
    expect((await drafts.latest()).draft?.id).toBe('later-run');
  });

  it("queues the fix in the record's place: same id, its photos, the old photos gone, registered when it was", async () => {
    const { outbox, entry, photo } = await setAsideRecord();
    await draftsRepository(db).reopen({ id: 'fix-run', step: 1, values: {}, updatedAt: Date.now() }, [photo]);
    const copy = (await draftsRepository(db).latest()).files[0]!.id;

    const fixed = await outbox.enqueue({
      userId: 'u1',
      fields: registrationFields({ full_name: 'Ada Lovelace' }),
      draftFileIds: [copy],
      draftId: 'fix-run',
      replaces: entry.id,
    });
    expect(fixed).toMatchObject({ id: entry.id, status: 'pending', submittedAt: entry.submittedAt, fields: { full_name: 'Ada Lovelace' } });
    expect(await outbox.list()).toHaveLength(1);
    expect(await db.draftFiles.get(photo)).toBeUndefined();
    expect(await db.draftFiles.get(copy)).toMatchObject({ draftId: entry.id });
    expect(await db.drafts.get('fix-run')).toBeUndefined();
  });

  it('drops the fix when the server has the record after all: one registration, never two', async () => {
    const { outbox, entry } = await setAsideRecord();
    await outbox.markSent(entry.id, entry.files);
    const copy = await addDraftPhoto(db, { draftId: 'fix-run' });
    const kept = await outbox.enqueue({
      userId: 'u1',
      fields: registrationFields(),
      draftFileIds: [copy],
      draftId: 'fix-run',
      replaces: entry.id,
    });
    expect(kept).toMatchObject({ id: entry.id, documentCreated: true });
    expect(await outbox.list()).toHaveLength(1);
    expect(await db.draftFiles.get(copy)).toBeUndefined();
  });

  it("queues the fix under the record's id when a person discarded the record meanwhile", async () => {
    const { outbox, entry } = await setAsideRecord();
    await outbox.discard(entry.id);
    const fixed = await outbox.enqueue({ userId: 'u1', fields: registrationFields(), draftFileIds: [], replaces: entry.id });
    expect(fixed.id).toBe(entry.id);
    expect(await outbox.list()).toHaveLength(1);
  });
});
