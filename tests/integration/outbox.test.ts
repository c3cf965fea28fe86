// The outbox against the real server and the unmodified web SDK: once, kept while down, held, set aside, Shopify once.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, Client, Databases, Storage } from 'appwrite';
import { Query } from 'node-appwrite';
import { openAppDb, type AppDb } from '@/db/schema';
import type { AppwriteClients } from '@/lib/appwrite';
import { appwriteOutboxBackend } from '@/sync/appwrite-backend';
import { documentOf, flushOutbox, SIGNED_OUT } from '@/sync/outbox';
import { outboxRepository } from '@/db/outbox-repository';
import { handOffs } from '../helpers/hand-offs';
import { adminClient, startTestServer, type TestServer } from '../helpers/server';
import { signedInCustomer } from '../helpers/customers';
import { webCustomer, type WebCustomer } from '../helpers/web-customer';
import { addDraftPhoto } from '../helpers/app-db';
import { makeJpeg, registrationFields, runtimeConfig } from '../helpers/fixtures';

/** The customer's clients pointed at `server` (their localStorage, hence their session, goes with them). */
function clientsFor(customer: WebCustomer, server: TestServer): AppwriteClients {
  const client = new Client().setEndpoint(server.endpoint).setProject('warranty');
  return {
    client,
    account: new Account(client),
    databases: new Databases(client),
    storage: new Storage(client),
    config: runtimeConfig({ appwriteEndpoint: server.endpoint }),
  };
}

const jpeg = () => makeJpeg();

async function queue(db: AppDb, userId: string, email: string, photos: { bytes: Uint8Array<ArrayBuffer>; name: string }[]) {
  const ids: string[] = [];
  for (const { bytes, name } of photos)
    ids.push(await addDraftPhoto(db, { bytes, name, draftId: 'draft', width: 48, height: 32, addedAt: Date.now() }));
  return outboxRepository(db).enqueue({ userId, fields: registrationFields({ email }), draftFileIds: ids });
}

describe('outbox with the real server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'warranty-outbox-'));
  let server: TestServer;
  const admin = () => adminClient(server);
  const docsOf = async (userId: string) =>
    (
      await admin().databases.listDocuments({
        databaseId: 'warranty',
        collectionId: 'submissions',
        queries: [Query.equal('user_id', userId)],
      })
    ).documents;

  beforeAll(async () => {
    server = await startTestServer({}, dataDir);
  });
  afterAll(async () => {
    await server.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a queued registration with two photos exactly once, and hands it to Shopify once', async () => {
    const ada = await signedInCustomer(server, 'ada@example.com');
    const db = openAppDb(crypto.randomUUID());
    const photos = [
      { bytes: await jpeg(), name: 'ring-front.jpg' },
      { bytes: await jpeg(), name: 'ring-back.jpg' },
    ];
    const entry = await queue(db, ada.userId, 'ada@example.com', photos);
    const shopifyCalls: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      shopifyCalls.push(String(input));
      return fetch(input, init);
    };
    const backend = appwriteOutboxBackend(clientsFor(ada, server), countingFetch, server.url);

    const sessionBefore = ada.localStorage.getItem('cookieFallback')!;
    const report = await ada.as(() => flushOutbox(db, backend));
    expect(report).toEqual({ sent: [entry.id], pending: 0, needsSignIn: 0, rejected: 0, lastError: null, sessionEnded: true });
    expect(await db.outbox.count()).toBe(0);
    // Everything of Ada's is on the server, so her session is gone: from this device and, replayed, from the server.
    await expect(ada.as(() => ada.account.get())).rejects.toMatchObject({ code: 401 });
    const replayed = await fetch(`${server.endpoint}/account`, {
      headers: { 'X-Appwrite-Project': 'warranty', 'X-Fallback-Cookies': sessionBefore },
    });
    expect(replayed.status).toBe(401);
    expect(await db.draftFiles.count()).toBe(0);

    const docs = await docsOf(ada.userId);
    expect(docs).toHaveLength(1);
    const fileIds = entry.files.map((f) => f.fileId);
    expect(docs[0]).toMatchObject({ $id: entry.id, ...registrationFields(), user_id: ada.userId, image_file_id: fileIds.join(',') });
    expect(Date.parse(docs[0]!.submitted_at as string)).toBe(Date.parse(entry.submittedAt));
    // The customer reads it; received by the server (the hand-off), it also carries the server's mark.
    expect(docs[0]!.$permissions).toEqual([`read("user:${ada.userId}")`, 'read("label:server")']);
    for (const [i, fileId] of fileIds.entries()) {
      const stored = await admin().storage.getFileDownload({ bucketId: 'images', fileId });
      expect(Buffer.from(stored).equals(Buffer.from(photos[i]!.bytes))).toBe(true);
    }

    expect(shopifyCalls).toEqual([`${server.url}/.netlify/functions/sendToShopify`]);
    const log = await handOffs(server);
    // Handed to Shopify once, and the confirmation e-mail sent once.
    expect(log.filter((e) => e.registrationId === entry.id).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      expect.objectContaining({ email: 'ada@example.com', action: 'confirmation.mail' }),
      expect.objectContaining({ email: 'ada@example.com', action: 'customer.upsert' }),
    ]);

    expect(await ada.as(() => flushOutbox(db, backend))).toEqual({
      sent: [],
      pending: 0,
      needsSignIn: 0,
      rejected: 0,
      lastError: null,
      sessionEnded: false,
    });
    expect(await docsOf(ada.userId)).toHaveLength(1);
    expect(shopifyCalls).toHaveLength(1);
  });

  it('keeps the record while the server is down, then delivers it once to the restarted server', async () => {
    const bob = await signedInCustomer(server, 'bob@example.com');
    const db = openAppDb(crypto.randomUUID());
    const entry = await queue(db, bob.userId, 'bob@example.com', [{ bytes: await jpeg(), name: 'watch.jpg' }]);

    await server.dispose(); // the data directory stays: it is ours
    const down = await bob.as(() => flushOutbox(db, appwriteOutboxBackend(clientsFor(bob, server), fetch, server.url)));
    expect(down).toMatchObject({ sent: [], pending: 1 });
    expect(down.lastError).toBe('fetch failed'); // Node fetch's TypeError: the network path
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', attempts: 1, documentCreated: false });
    expect(await db.draftFiles.count()).toBe(1);

    server = await startTestServer({}, dataDir); // a new port: new clients, the same localStorage (session)
    const backend = appwriteOutboxBackend(clientsFor(bob, server), fetch, server.url);
    const later = () => Date.now() + 10 * 60_000; // past the backoff
    expect((await bob.as(() => flushOutbox(db, backend, { now: later }))).sent).toEqual([entry.id]);
    expect(await bob.as(() => flushOutbox(db, backend, { now: later }))).toMatchObject({ sent: [], pending: 0 });
    const docs = await docsOf(bob.userId);
    expect(docs.map((d) => d.$id)).toEqual([entry.id]);
    const log = await handOffs(server);
    expect(
      log
        .filter((e) => e.registrationId === entry.id)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['confirmation.mail', 'customer.upsert']);
  });

  it('counts a delivery whose reply was lost (409 on photo and document) as done, but never someone else’s id', async () => {
    const dan = await signedInCustomer(server, 'dan@example.com');
    const db = openAppDb(crypto.randomUUID());
    const bytes = await jpeg();
    const entry = await queue(db, dan.userId, 'dan@example.com', [{ bytes, name: 'ring.jpg' }]);
    const fileId = entry.files[0]!.fileId;
    // The earlier run reached the server; only its answers were lost.
    await dan.as(() =>
      dan.storage.createFile({
        bucketId: 'images',
        fileId,
        file: new File([bytes], 'ring.jpg'),
        permissions: [`read("user:${dan.userId}")`],
      }),
    );
    await dan.as(() =>
      dan.databases.createDocument({
        databaseId: 'warranty',
        collectionId: 'submissions',
        documentId: entry.id,
        data: documentOf(entry),
        permissions: [`read("user:${dan.userId}")`],
      }),
    );
    const backend = appwriteOutboxBackend(clientsFor(dan, server), fetch, server.url);
    expect(await dan.as(() => flushOutbox(db, backend))).toMatchObject({ sent: [entry.id], rejected: 0 });
    expect((await docsOf(dan.userId)).map((d) => d.$id)).toEqual([entry.id]);

    const eve = await signedInCustomer(server, 'eve@example.com');
    const clash = await queue(db, eve.userId, 'eve@example.com', [{ bytes: await jpeg(), name: 'ring.jpg' }]);
    await db.outbox.delete(clash.id);
    await db.outbox.add({ ...clash, id: entry.id }); // the same document id as Dan's registration
    const report = await eve.as(() => flushOutbox(db, appwriteOutboxBackend(clientsFor(eve, server), fetch, server.url)));
    expect(report).toMatchObject({ sent: [], rejected: 1, lastError: `Another registration already uses the id ${entry.id}.` });
    expect((await docsOf(dan.userId))[0]).toMatchObject({ user_id: dan.userId, email: 'dan@example.com' });
  });

  it('holds a guest’s record as needs-sign-in and sends nothing', async () => {
    const guest = webCustomer(server.endpoint);
    const db = openAppDb(crypto.randomUUID());
    const entry = await queue(db, 'someone', 'guest@example.com', [{ bytes: await jpeg(), name: 'ring.jpg' }]);
    const report = await guest.as(() => flushOutbox(db, appwriteOutboxBackend(clientsFor(guest, server), fetch, server.url)));
    expect(report).toEqual({ sessionEnded: false, sent: [], pending: 0, needsSignIn: 1, rejected: 0, lastError: SIGNED_OUT });
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'needs-sign-in', lastError: SIGNED_OUT });
    expect(await db.draftFiles.count()).toBe(1);
    await expect(
      admin().databases.getDocument({ databaseId: 'warranty', collectionId: 'submissions', documentId: entry.id }),
    ).rejects.toMatchObject({ code: 404 });
  });

  it('sets aside a text file disguised as a JPEG with the server’s reason, and sends the good record', async () => {
    const carol = await signedInCustomer(server, 'carol@example.com');
    const db = openAppDb(crypto.randomUUID());
    const text = new Uint8Array(new TextEncoder().encode('This is a receipt, typed, not photographed.\n'));
    const bad = await queue(db, carol.userId, 'carol@example.com', [{ bytes: text, name: 'receipt.jpg' }]);
    const good = await queue(db, carol.userId, 'carol@example.com', [{ bytes: await jpeg(), name: 'ring.jpg' }]);
    const report = await carol.as(() => flushOutbox(db, appwriteOutboxBackend(clientsFor(carol, server), fetch, server.url)));
    expect(report).toMatchObject({ sent: [good.id], pending: 0, needsSignIn: 0, rejected: 1 });
    const reason = 'The given file type is not supported: the content is text/plain, not one of jpg, jpeg, png, webp';
    expect(report.lastError).toBe(reason);
    expect(await db.outbox.get(bad.id)).toMatchObject({ status: 'rejected', lastError: reason });
    expect(await db.draftFiles.get(bad.files[0]!.draftFileId)).toBeDefined();
    expect((await docsOf(carol.userId)).map((d) => d.$id)).toEqual([good.id]);
  });
});
