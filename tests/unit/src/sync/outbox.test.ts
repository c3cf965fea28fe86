// The outbox engine against a scripted fake backend: exactly once, in order, backing off, holding, setting aside.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb } from '@/db/schema';
import type { RegistrationFields } from '@/db/types';
import {
  failure,
  OK,
  type BackendFailure,
  type BackendResult,
  type FailureKind,
  type OutboxBackend,
  type SubmissionData,
} from '@/sync/backend';
import { backoffDelay, flushOutbox, HAND_OFFS_IN_FLIGHT, OTHER_CUSTOMER, PHOTO_MISSING, SIGNED_OUT } from '@/sync/outbox';
import { addDraftPhoto } from '../../../helpers/app-db';
import { registrationFields } from '../../../helpers/fixtures';
import { outboxRepository } from '@/db/outbox-repository';

type Op = 'upload' | 'create' | 'notify';
type Rule = { op: Op; id?: string; fail: BackendFailure; afterApply: boolean };

/** A backend that keeps what it stores and fails as scripted: before applying, or after (a lost reply). */
class FakeBackend implements OutboxBackend {
  files = new Map<string, Uint8Array>();
  docs = new Map<string, { data: SubmissionData; userId: string }>();
  notified = new Set<string>();
  calls: string[] = [];
  session: string | null = 'user-1';
  delayMs = 0;
  private rules: Rule[] = [];

  failNext(op: Op, kind: FailureKind, message = `${op} failed`, opts: { id?: string; afterApply?: boolean } = {}) {
    this.rules.push({ op, id: opts.id, fail: failure(kind, message), afterApply: opts.afterApply ?? false });
  }
  private take(op: Op, id: string) {
    const i = this.rules.findIndex((r) => r.op === op && (!r.id || r.id === id));
    return i < 0 ? undefined : this.rules.splice(i, 1)[0];
  }
  private async step<T>(op: Op, id: string, apply: () => BackendResult<T>): Promise<BackendResult<T>> {
    this.calls.push(`${op}:${id}`);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const rule = this.take(op, id);
    if (rule && !rule.afterApply) return rule.fail;
    const result = apply();
    return rule ? rule.fail : result;
  }
  async sessionUserId() {
    this.calls.push('session');
    return { ok: true as const, value: this.session };
  }
  uploadFile({ fileId, blob }: { fileId: string; blob: Blob }) {
    return blob.arrayBuffer().then((buf) =>
      this.step('upload', fileId, () => {
        if (this.files.has(fileId)) return failure('conflict', 'A storage file with the requested ID already exists.');
        this.files.set(fileId, new Uint8Array(buf));
        return OK;
      }),
    );
  }
  createDocument({ documentId, userId, data }: { documentId: string; userId: string; data: SubmissionData }) {
    return this.step('create', documentId, () => {
      if (this.docs.has(documentId)) return failure('conflict', 'Document with the requested ID already exists.');
      this.docs.set(documentId, { data, userId });
      return OK;
    });
  }
  notifyShopify({ documentId }: { documentId: string }) {
    return this.step('notify', documentId, () => {
      this.notified.add(documentId);
      return OK;
    });
  }
  async endSession() {
    this.calls.push('endSession');
    this.session = null;
    return OK;
  }
  count(prefix: string) {
    return this.calls.filter((c) => c.startsWith(prefix)).length;
  }
}

let db: AppDb;
let backend: FakeBackend;
let clock: number;
const now = () => clock;
const flush = () => flushOutbox(db, backend, { now, random: () => 0.5 });

/** A photo for the draft, each one's bytes different. */
const addPhoto = () => addDraftPhoto(db, { bytes: [0xff, 0xd8, 0xff, Math.floor(Math.random() * 255)] });

async function queue(opts: { photos?: number; userId?: string; email?: string } = {}) {
  const ids = [];
  for (let i = 0; i < (opts.photos ?? 1); i++) ids.push(await addPhoto());
  const entry = await outboxRepository(db).enqueue({
    userId: opts.userId ?? 'user-1',
    fields: registrationFields({ email: opts.email ?? 'ada@example.com' }),
    draftFileIds: ids,
  });
  // Distinct, increasing createdAt values make the order explicit.
  clock += 1;
  await db.outbox.update(entry.id, { createdAt: clock });
  return entry;
}

beforeEach(() => {
  db = openAppDb(crypto.randomUUID());
  backend = new FakeBackend();
  clock = 1_700_000_000_000;
});

describe('outboxRepository.enqueue', () => {
  it('makes the document id and one file id per photo at once, and keeps the photos', async () => {
    await db.drafts.add({ id: 'draft-1', step: 6, values: {}, updatedAt: 0 });
    const photos = [await addPhoto(), await addPhoto()];
    const entry = await outboxRepository(db).enqueue({
      userId: 'user-1',
      fields: registrationFields(),
      draftFileIds: photos,
      submittedAt: '2026-01-02T03:04:05.000Z',
      draftId: 'draft-1',
    });
    expect(entry.id).toMatch(/^[a-zA-Z0-9]{20}$/);
    expect(entry.files.map((f) => f.draftFileId)).toEqual(photos);
    expect(new Set(entry.files.map((f) => f.fileId)).size).toBe(2);
    expect(entry).toMatchObject({
      status: 'pending',
      attempts: 0,
      documentCreated: false,
      shopifyNotified: false,
      submittedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(await db.outbox.get(entry.id)).toEqual(entry);
    expect((await db.draftFiles.bulkGet(photos)).map((p) => p?.draftId)).toEqual([entry.id, entry.id]);
    expect(await db.drafts.get('draft-1')).toBeUndefined();
  });

  it('writes nothing when a photo is not on the device', async () => {
    await expect(outboxRepository(db).enqueue({ userId: 'u', fields: registrationFields(), draftFileIds: ['nope'] })).rejects.toThrow(
      /not on this device/,
    );
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('flushOutbox', () => {
  it('sends photos, then the document with every field, then Shopify, and only then forgets the record', async () => {
    const entry = await queue({ photos: 2 });
    const bytes = await Promise.all(
      entry.files.map(async (f) => new Uint8Array(await (await db.draftFiles.get(f.draftFileId))!.blob.arrayBuffer())),
    );
    const report = await flush();
    expect(report).toEqual({ sent: [entry.id], pending: 0, needsSignIn: 0, rejected: 0, lastError: null, sessionEnded: true });
    expect(backend.docs.get(entry.id)).toEqual({
      userId: 'user-1',
      data: {
        ...registrationFields(),
        user_id: 'user-1',
        image_file_id: entry.files.map((f) => f.fileId).join(','),
        submitted_at: entry.submittedAt,
        status: 'confirmed',
        store: '',
      },
    });
    expect(entry.files.map((f) => backend.files.get(f.fileId))).toEqual(bytes);
    expect(backend.calls.filter((c) => c !== 'session')).toEqual([
      `upload:${entry.files[0]!.fileId}`,
      `upload:${entry.files[1]!.fileId}`,
      `create:${entry.id}`,
      `notify:${entry.id}`,
      'endSession',
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.draftFiles.count()).toBe(0);
  });

  it('sends the oldest first', async () => {
    const [a, b, c] = [await queue(), await queue(), await queue()];
    await db.outbox.update(a.id, { createdAt: clock + 10 }); // a is now the newest
    const report = await flush();
    expect(report.sent).toEqual([b.id, c.id, a.id]);
    expect(backend.calls.filter((x) => x.startsWith('create:'))).toEqual([`create:${b.id}`, `create:${c.id}`, `create:${a.id}`]);
  });

  it('counts a 409 on a retried document as done: one document, no second create', async () => {
    const entry = await queue();
    backend.failNext('create', 'network', 'Failed to fetch', { afterApply: true }); // stored, but the reply was lost
    const first = await flush();
    expect(first).toMatchObject({ sent: [], pending: 1, lastError: 'Failed to fetch' });
    expect(backend.docs.size).toBe(1);
    expect(await db.draftFiles.count()).toBe(1); // not confirmed yet: the photo stays

    clock += 60_000;
    const second = await flush();
    expect(second.sent).toEqual([entry.id]);
    expect(backend.docs.size).toBe(1);
    expect(backend.count('upload:')).toBe(1); // the photo was marked uploaded, not sent again
    clock += 60_000;
    expect(await flush()).toMatchObject({ sent: [], pending: 0 });
    expect(backend.count('create:')).toBe(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('counts a 409 on a re-uploaded photo as uploaded', async () => {
    const entry = await queue();
    backend.failNext('upload', 'server', 'Internal error', { afterApply: true });
    await flush();
    clock += 60_000;
    expect((await flush()).sent).toEqual([entry.id]);
    expect(backend.count('upload:')).toBe(2);
    expect(backend.files.size).toBe(1);
  });

  it('backs off min(2^attempts * 2 s, 5 min) with jitter, and skips records not yet due', async () => {
    expect([0, 1, 2, 3, 7, 8, 20].map((n) => backoffDelay(n, () => 0.5))).toEqual([2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000]);
    expect(backoffDelay(3, () => 0)).toBe(12_800);
    expect(backoffDelay(3, () => 1)).toBe(19_200);
    expect(backoffDelay(20, () => 1)).toBe(300_000);

    const entry = await queue();
    const expected = [2_000, 4_000, 8_000];
    for (const delay of expected) {
      backend.failNext('upload', 'server', 'Service Unavailable');
      await flush();
      const e = (await db.outbox.get(entry.id))!;
      expect(e).toMatchObject({ status: 'pending', lastError: 'Service Unavailable', nextAttemptAt: clock + delay });
      const calls = backend.calls.length;
      clock += delay - 1;
      await flush(); // not due yet: untouched
      expect(backend.calls.length).toBe(calls);
      clock += 1;
    }
    expect((await db.outbox.get(entry.id))!.attempts).toBe(3);
    expect((await flush()).sent).toEqual([entry.id]);
  });

  it('sends waiting records at once when asked to ignore the backoff, and says why each attempt failed', async () => {
    const entry = await queue();
    backend.failNext('upload', 'network', 'Failed to fetch');
    await flush();
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'pending',
      lastErrorKind: 'network',
      failedAt: clock,
      nextAttemptAt: clock + 2_000,
    });
    expect((await flush()).sent).toEqual([]); // not due
    const report = await flushOutbox(db, backend, { now, random: () => 0.5, ignoreBackoff: true });
    expect(report.sent).toEqual([entry.id]);
  });

  it('stops the run on a network error and keeps the record and its photos', async () => {
    const a = await queue();
    const b = await queue();
    backend.failNext('upload', 'network', 'Failed to fetch');
    const report = await flush();
    expect(report).toEqual({ sent: [], pending: 2, needsSignIn: 0, rejected: 0, lastError: 'Failed to fetch', sessionEnded: false });
    expect(backend.calls.some((c) => c.includes(b.files[0]!.fileId) || c.includes(b.id))).toBe(false);
    expect(await db.outbox.get(a.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Failed to fetch' });
    expect(await db.draftFiles.count()).toBe(2);
  });

  it('holds every record as needs-sign-in without a session, and releases the customer’s own on sign-in', async () => {
    const mine = await queue({ userId: 'user-1', email: 'ada@example.com' });
    const other = await queue({ userId: 'user-9', email: 'bob@example.com' });
    backend.session = null;
    const report = await flush();
    expect(report).toMatchObject({ sent: [], pending: 0, needsSignIn: 2, lastError: SIGNED_OUT });
    expect(backend.count('upload:') + backend.count('create:')).toBe(0);
    expect(await db.draftFiles.count()).toBe(2);

    // Ada verifies again (a new user id); Bob's record keeps waiting for Bob.
    expect(await outboxRepository(db).releaseNeedsSignIn('user-2', 'ADA@example.com')).toBe(1);
    expect(await db.outbox.get(mine.id)).toMatchObject({ status: 'pending', userId: 'user-2', lastError: null });
    backend.session = 'user-2';
    const after = await flush();
    expect(after).toMatchObject({ sent: [mine.id], needsSignIn: 1 });
    expect(backend.docs.get(mine.id)).toMatchObject({ userId: 'user-2', data: { user_id: 'user-2' } });
    expect(await db.outbox.get(other.id)).toMatchObject({ status: 'needs-sign-in', userId: 'user-9' });
  });

  it('does not send a registration under another customer’s session', async () => {
    const entry = await queue({ userId: 'user-1' });
    backend.session = 'user-7';
    await flush();
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'needs-sign-in', lastError: OTHER_CUSTOMER });
    expect(backend.docs.size).toBe(0);
  });

  it('holds the rest as needs-sign-in after a 401 mid-run without asking the server again', async () => {
    const a = await queue();
    const b = await queue();
    backend.failNext('create', 'auth', 'User (role: guests) missing scopes (["account"])');
    const report = await flush();
    expect(report).toMatchObject({ needsSignIn: 2, lastError: SIGNED_OUT });
    expect(await db.outbox.get(a.id)).toMatchObject({
      status: 'needs-sign-in',
      lastError: 'User (role: guests) missing scopes (["account"])',
    });
    expect(backend.calls.some((c) => c.includes(b.id))).toBe(false);
  });

  it('sets a refused record aside with the server’s reason, sends the others, and retries it on request', async () => {
    const bad = await queue();
    const good = await queue();
    const reason = 'The given file type is not supported: the content is text/plain, not one of jpg, jpeg, png, webp';
    backend.failNext('upload', 'rejected', reason, { id: bad.files[0]!.fileId });
    const report = await flush();
    expect(report).toEqual({ sent: [good.id], pending: 0, needsSignIn: 0, rejected: 1, lastError: reason, sessionEnded: false });
    expect(await db.outbox.get(bad.id)).toMatchObject({
      status: 'rejected',
      lastError: reason,
      lastErrorKind: 'rejected',
      failedAt: clock,
    });
    expect(await db.draftFiles.get(bad.files[0]!.draftFileId)).toBeDefined();
    expect(await outboxRepository(db).counts()).toEqual({ pending: 0, sending: 0, needsSignIn: 0, rejected: 1 });

    clock += 1;
    expect(await flush()).toMatchObject({ sent: [], rejected: 1 }); // set aside: not tried again by itself
    expect(await outboxRepository(db).retry(bad.id)).toBe(true);
    expect(await flush()).toMatchObject({ sent: [bad.id], rejected: 0 });
  });

  it('sets a record aside when its photo is gone from the device', async () => {
    const entry = await queue();
    await db.draftFiles.clear();
    await flush();
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'rejected', lastError: PHOTO_MISSING });
  });

  it('never lets a Shopify failure block the registration, and retries only Shopify later', async () => {
    const entry = await queue();
    const next = await queue();
    backend.failNext('notify', 'server', 'Shopify is down', { id: entry.id });
    const report = await flush();
    expect(report).toMatchObject({ sent: [entry.id, next.id], pending: 0, lastError: 'Shopify is down' });
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'sent',
      documentCreated: true,
      shopifyNotified: false,
      lastError: 'Shopify: Shopify is down',
      nextAttemptAt: clock + 2_000,
    });
    expect(await db.draftFiles.count()).toBe(0); // the document is confirmed: photos may go
    expect(await outboxRepository(db).counts()).toEqual({ pending: 0, sending: 0, needsSignIn: 0, rejected: 0 });

    const before = backend.calls.length;
    clock += 2_000;
    expect((await flush()).sent).toEqual([]);
    // The first run kept the session (a record of this customer still waited); the second ends it.
    expect(backend.calls.filter((c) => c === 'endSession').length).toBe(1);
    expect(backend.calls.slice(before)).toEqual(['session', `notify:${entry.id}`, 'endSession']);
    expect(backend.notified).toEqual(new Set([entry.id, next.id]));
    expect(await db.outbox.count()).toBe(0);
  });

  it('deletes the photos only after the server confirmed the document', async () => {
    const entry = await queue({ photos: 2 });
    backend.failNext('create', 'server', 'Bad gateway');
    await flush();
    expect(await db.draftFiles.count()).toBe(2);
    expect((await db.outbox.get(entry.id))!.files.every((f) => f.uploaded)).toBe(true);
    clock += 10_000;
    await flush();
    expect(await db.draftFiles.count()).toBe(0);
    expect(backend.count('upload:')).toBe(2);
  });

  it('sends the next two records’ photos while a document is created, and keeps them sent when the run stops there', async () => {
    const a = await queue({ photos: 2 });
    const b = await queue({ photos: 2 });
    const c = await queue();
    const d = await queue();
    backend.failNext('create', 'network', 'Failed to fetch', { id: a.id });
    const report = await flush();
    expect(report).toMatchObject({ sent: [], pending: 4, lastError: 'Failed to fetch' });
    expect(await db.outbox.get(a.id)).toMatchObject({ status: 'pending', attempts: 1 });
    // b's and c's photos went up beside a's document: they stay recorded as sent, b and c wait as they were.
    for (const next of [b, c]) {
      expect(await db.outbox.get(next.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
      expect((await db.outbox.get(next.id))!.files.every((f) => f.uploaded)).toBe(true);
    }
    expect(backend.calls.some((x) => x.includes(d.id) || x.includes(d.files[0]!.fileId))).toBe(false);

    clock += 10_000;
    const after = await flush();
    expect(after.sent).toEqual([a.id, b.id, c.id, d.id]);
    expect(backend.calls.filter((x) => x.startsWith('create:'))).toEqual([
      `create:${a.id}`,
      `create:${a.id}`,
      `create:${b.id}`,
      `create:${c.id}`,
      `create:${d.id}`,
    ]);
    expect(backend.count('upload:')).toBe(6); // each photo once
    expect(await db.outbox.count()).toBe(0);
  });

  it('runs Shopify hand-offs side by side, at most three at a time, and ends the session once, after the last', async () => {
    const entries = [];
    for (let i = 0; i < 6; i++) entries.push(await queue());
    let inFlight = 0;
    let most = 0;
    const notify = backend.notifyShopify.bind(backend);
    backend.notifyShopify = async (args) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 20)); // Shopify is slower than storing a registration
      const r = await notify(args);
      inFlight--;
      return r;
    };
    const report = await flush();
    expect(report).toMatchObject({ sent: entries.map((e) => e.id), pending: 0, sessionEnded: true });
    expect(most).toBe(HAND_OFFS_IN_FLIGHT);
    expect(backend.notified.size).toBe(6);
    expect(backend.count('endSession')).toBe(1);
    expect(backend.calls.at(-1)).toBe('endSession');
    expect(await db.outbox.count()).toBe(0);
  });

  it('picks up a record a killed tab left as sending', async () => {
    const entry = await queue();
    await db.outbox.update(entry.id, { status: 'sending' });
    expect((await flush()).sent).toEqual([entry.id]);
  });

  it('never sends one record twice from two concurrent runs', async () => {
    const entries = [await queue(), await queue(), await queue()];
    backend.delayMs = 5;
    const [r1, r2] = await Promise.all([flush(), flush()]);
    expect([...r1.sent, ...r2.sent].sort()).toEqual(entries.map((e) => e.id).sort());
    expect(backend.count('create:')).toBe(3);
    expect(backend.count('upload:')).toBe(3);
    expect(backend.count('notify:')).toBe(3);
  });
});

describe('outbox tools', () => {
  it('counts records by status', async () => {
    const [a, b, c] = [await queue(), await queue(), await queue()];
    await db.outbox.update(a.id, { status: 'rejected' });
    await db.outbox.update(b.id, { status: 'needs-sign-in' });
    await db.outbox.update(c.id, { status: 'sending' });
    await queue();
    expect(await outboxRepository(db).counts()).toEqual({ pending: 1, sending: 1, needsSignIn: 1, rejected: 1 });
  });

  it('exports a record with its photos as base64 JSON, and discards it on request', async () => {
    const entry = await queue({ photos: 2 });
    const blob = await outboxRepository(db).exportFile(entry.id);
    expect(blob.type).toBe('application/json');
    const file = JSON.parse(await blob.text()) as {
      format: string;
      entry: { id: string; fields: RegistrationFields };
      photos: { fileId: string; type: string; base64: string }[];
    };
    expect(file.format).toBe('warranty-outbox-entry');
    expect(file.entry).toMatchObject({ id: entry.id, fields: registrationFields() });
    for (const [i, p] of file.photos.entries()) {
      const stored = new Uint8Array(await (await db.draftFiles.get(entry.files[i]!.draftFileId))!.blob.arrayBuffer());
      expect(p).toMatchObject({ fileId: entry.files[i]!.fileId, type: 'image/jpeg' });
      expect(new Uint8Array(Buffer.from(p.base64, 'base64'))).toEqual(stored);
    }
    await outboxRepository(db).discard(entry.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.draftFiles.count()).toBe(0);
    await expect(outboxRepository(db).exportFile(entry.id)).rejects.toThrow(/No queued registration/);
  });
});

describe('ending the customer session once everything is sent', () => {
  it("ends it after the last of the customer's registrations is on the server, not before", async () => {
    const first = await queue();
    const second = await queue();
    backend.failNext('create', 'network', 'Failed to fetch', { id: second.id });
    const report = await flush();
    expect(report.sent).toEqual([first.id]);
    expect(report.sessionEnded).toBe(false);
    expect(backend.session).toBe('user-1');

    clock += 10_000;
    const later = await flush();
    expect(later.sent).toEqual([second.id]);
    expect(later.sessionEnded).toBe(true);
    expect(backend.session).toBeNull();
    expect(backend.count('endSession')).toBe(1);
  });

  it('keeps it while a wizard run past the code step is in progress on this device', async () => {
    await queue();
    await db.drafts.add({ id: 'draft-2', step: 5, values: {}, updatedAt: Date.now() });
    const report = await flush();
    expect(report.sent.length).toBe(1);
    expect(report.sessionEnded).toBe(false);
    expect(backend.count('endSession')).toBe(0);
  });

  it('ends it when the only draft past the code step is a late save of the submitted run itself', async () => {
    const photo = await addPhoto();
    await db.drafts.add({ id: 'run-1', step: 6, values: {}, updatedAt: Date.now() });
    await outboxRepository(db).enqueue({ userId: 'user-1', fields: registrationFields(), draftFileIds: [photo], draftId: 'run-1' });
    await db.drafts.put({ id: 'run-1', step: 6, values: {}, updatedAt: Date.now() }); // the debounced save, landing late
    expect((await flush()).sessionEnded).toBe(true);
  });

  it('ends it when the only draft left is before the code step', async () => {
    await queue();
    await db.drafts.add({ id: 'draft-3', step: 2, values: {}, updatedAt: Date.now() });
    expect((await flush()).sessionEnded).toBe(true);
  });
});
