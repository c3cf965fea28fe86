// What the server confirmed is still there after a restart, and after a kill -9 in the middle of writes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { startTestServer } from '../helpers/server';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { startChildServer } from '../helpers/child-server';
import { makeJpeg, registration } from '../helpers/fixtures';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'warranty-durable-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('durability', () => {
  it('keeps sessions, documents and files across a restart', async () => {
    const dir = tempDir();
    const first = await startTestServer({}, dir);
    const ada = await signedInCustomer(first, 'ada@example.com');
    const { $id: docId } = await createRegistration(ada);
    const fileId = ID.unique();
    const jpeg = await makeJpeg();
    await ada.as(() => ada.storage.createFile({ bucketId: 'images', fileId, file: new File([jpeg], 'a.jpg') }));
    await first.close();

    const second = await startTestServer({}, dir);
    try {
      ada.client.setEndpoint(second.endpoint);
      expect((await ada.as(() => ada.account.get())).email).toBe('ada@example.com');
      expect(
        (await ada.as(() => ada.databases.getDocument({ databaseId: 'warranty', collectionId: 'submissions', documentId: docId })))
          .full_name,
      ).toBe('Ada Lovelace');
      expect((await ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId }))).sizeOriginal).toBe(jpeg.length);
    } finally {
      await second.dispose();
    }
  });

  it('loses no confirmed write when killed with SIGKILL mid-stream', async () => {
    const dir = tempDir();
    const server = await startChildServer({ DATA_DIR: dir });
    const { apiKey } = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as { apiKey: string };
    const headers = { 'Content-Type': 'application/json', 'X-Appwrite-Project': 'warranty', 'X-Appwrite-Key': apiKey };
    const confirmed: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const id = `w${w}-${i}`;
        try {
          const res = await fetch(`${server.url}/v1/databases/warranty/collections/submissions/documents`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ documentId: id, data: registration({ full_name: id }) }),
          });
          if (res.status === 201) confirmed.push(id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 1500));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(confirmed.length).toBeGreaterThan(50);

    const again = await startChildServer({ DATA_DIR: dir });
    try {
      const missing: string[] = [];
      for (const id of confirmed) {
        const res = await fetch(`${again.url}/v1/databases/warranty/collections/submissions/documents/${id}`, { headers });
        if (res.status !== 200) missing.push(id);
      }
      expect(missing).toEqual([]);
    } finally {
      await again.stop();
    }
  });
});
