// Files through the unmodified SDKs: type checked on content, chunked uploads in any order, real previews.
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ID } from 'appwrite';
import { adminClient } from '../helpers/server';
import { serverForSuite } from '../helpers/suite';
import { webCustomer } from '../helpers/web-customer';
import { signedInCustomer } from '../helpers/customers';
import { failure } from '../helpers/failure';
import { makeJpeg } from '../helpers/fixtures';

/** A copy on a plain ArrayBuffer, as File and Blob want it. */
const bytesOf = (b: Uint8Array): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(b.length);
  out.set(b);
  return out;
};
const sha = (b: ArrayBuffer | Uint8Array) => createHash('sha256').update(new Uint8Array(b)).digest('hex');

const photo = (width = 1600, height = 1200) => makeJpeg({ width, height });

describe('storage', () => {
  const server = serverForSuite();
  const admin = () => adminClient(server).storage;
  beforeAll(async () => {
    await admin().createBucket({
      bucketId: 'big',
      name: 'Big files',
      permissions: ['create("users")'],
      fileSecurity: true,
      maximumFileSize: 30_000_000,
    });
  });

  it('stores a customer’s photo and gives it back byte for byte, to that customer only', async () => {
    const ada = await signedInCustomer(server, 'ada@example.com');
    const bytes = await photo();
    const fileId = ID.unique();
    const file = await ada.as(() =>
      ada.storage.createFile({ bucketId: 'images', fileId, file: new File([bytes], 'ring.jpg', { type: 'image/jpeg' }) }),
    );
    expect(file.$id).toBe(fileId);
    expect(file.mimeType).toBe('image/jpeg');
    expect(file.sizeOriginal).toBe(bytes.length);

    const view = await fetch(ada.storage.getFileView({ bucketId: 'images', fileId }), {
      headers: { 'X-Fallback-Cookies': ada.localStorage.getItem('cookieFallback')! },
    });
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('image/jpeg');
    expect(sha(await view.arrayBuffer())).toBe(sha(bytes));

    const guest = await fetch(ada.storage.getFileView({ bucketId: 'images', fileId }));
    expect(guest.status).toBe(404);
    const bob = await signedInCustomer(server, 'bob@example.com');
    const bobRead = await failure(bob.as(() => bob.storage.getFile({ bucketId: 'images', fileId })));
    expect(bobRead.type).toBe('storage_file_not_found');

    const again = await failure(ada.as(() => ada.storage.createFile({ bucketId: 'images', fileId, file: new File([bytes], 'ring.jpg') })));
    expect(again.code).toBe(409);
    expect(again.type).toBe('storage_file_already_exists');
  });

  it('resizes previews for real: width 200 gives an image 200 px wide', async () => {
    const ada = await signedInCustomer(server, 'preview@example.com');
    const fileId = ID.unique();
    await ada.as(async () =>
      ada.storage.createFile({ bucketId: 'images', fileId, file: new File([await photo(1600, 1200)], 'bracelet.jpg') }),
    );
    const nodeView = await admin().getFilePreview({ bucketId: 'images', fileId, width: 200 });
    const meta = await sharp(Buffer.from(nodeView)).metadata();
    expect(meta.width).toBe(200);
    expect(meta.height).toBe(150);

    const res = await fetch(ada.storage.getFilePreview({ bucketId: 'images', fileId, width: 120, height: 120, output: 'webp' as never }), {
      headers: { 'X-Fallback-Cookies': ada.localStorage.getItem('cookieFallback')! },
    });
    expect(res.headers.get('content-type')).toBe('image/webp');
    const square = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([square.width, square.height, square.format]).toEqual([120, 120, 'webp']);
  });

  it('refuses a text file named .jpg, judging by its content', async () => {
    const c = await signedInCustomer(server, 'sneaky@example.com');
    const err = await failure(
      c.as(() =>
        c.storage.createFile({
          bucketId: 'images',
          fileId: ID.unique(),
          file: new File(['just some text, not a photo'], 'ring.jpg', { type: 'image/jpeg' }),
        }),
      ),
    );
    expect(err.code).toBe(400);
    expect(err.type).toBe('storage_file_type_unsupported');
    const pdf = await failure(
      c.as(() => c.storage.createFile({ bucketId: 'images', fileId: ID.unique(), file: new File(['%PDF-1.7 ...'], 'scan.pdf') })),
    );
    expect(pdf.type).toBe('storage_file_type_unsupported');
  });

  it('refuses a file larger than the bucket allows', async () => {
    await admin().createBucket({
      bucketId: 'tiny',
      name: 'Tiny',
      permissions: ['create("users")'],
      fileSecurity: true,
      maximumFileSize: 1000,
    });
    const c = await signedInCustomer(server, 'large@example.com');
    const err = await failure(
      c.as(async () => c.storage.createFile({ bucketId: 'tiny', fileId: ID.unique(), file: new File([await photo(200, 200)], 'a.jpg') })),
    );
    expect(err.type).toBe('storage_invalid_file_size');
  });

  it('takes a 12 MB upload in chunks through the SDK and returns it byte-identical', async () => {
    const c = await signedInCustomer(server, 'chunks@example.com');
    const bytes = bytesOf(randomBytes(12 * 1024 * 1024));
    const fileId = ID.unique();
    const progress: number[] = [];
    const file = await c.as(() =>
      c.storage.createFile({
        bucketId: 'big',
        fileId,
        file: new File([bytes], 'archive.bin'),
        onProgress: (p) => progress.push(p.chunksUploaded),
      }),
    );
    expect(file.chunksTotal).toBe(3);
    expect(file.chunksUploaded).toBe(3);
    expect(progress.length).toBe(3);
    const back = await admin().getFileDownload({ bucketId: 'big', fileId });
    expect(sha(back)).toBe(sha(bytes));
  });

  it('joins chunks that arrive out of order (last, first, middle)', async () => {
    const c = await signedInCustomer(server, 'order@example.com');
    const session = c.localStorage.getItem('cookieFallback')!;
    const CHUNK = 5 * 1024 * 1024;
    const bytes = bytesOf(randomBytes(12 * 1024 * 1024));
    const fileId = ID.unique();
    const send = async (index: number) => {
      const start = index * CHUNK;
      const end = Math.min(start + CHUNK, bytes.length) - 1;
      const form = new FormData();
      form.append('fileId', fileId);
      form.append('file', new File([bytes.slice(start, end + 1)], 'archive.bin', { type: 'application/octet-stream' }));
      const res = await fetch(`${server.endpoint}/storage/buckets/big/files`, {
        method: 'POST',
        headers: {
          'X-Appwrite-Project': 'warranty',
          'X-Fallback-Cookies': session,
          'Content-Range': `bytes ${start}-${end}/${bytes.length}`,
          'X-Appwrite-ID': fileId,
        },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { chunksUploaded: number; chunksTotal: number } };
    };
    const last = await send(2);
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ chunksUploaded: 1, chunksTotal: 3 });
    expect((await send(0)).body.chunksUploaded).toBe(2);
    const halfway = await fetch(`${server.endpoint}/storage/buckets/big/files/${fileId}/download?project=warranty`, {
      headers: { 'X-Fallback-Cookies': session },
    });
    expect(halfway.status).toBe(404);
    expect((await send(0)).body.chunksUploaded).toBe(2); // a repeated chunk is not counted twice
    const done = await send(1);
    expect(done.body.chunksUploaded).toBe(3);
    const back = await admin().getFileDownload({ bucketId: 'big', fileId });
    expect(sha(back)).toBe(sha(bytes));
    expect((await send(1)).status).toBe(200); // a chunk of a complete file changes nothing
  });

  it('deletes a file for its owner', async () => {
    const c = await signedInCustomer(server, 'delete@example.com');
    const fileId = ID.unique();
    await c.as(async () => c.storage.createFile({ bucketId: 'images', fileId, file: new File([await photo(100, 100)], 'a.jpg') }));
    const guest = webCustomer(server.endpoint);
    expect((await failure(guest.as(() => guest.storage.deleteFile({ bucketId: 'images', fileId })))).code).toBe(404);
    await c.as(() => c.storage.deleteFile({ bucketId: 'images', fileId }));
    expect((await failure(admin().getFile({ bucketId: 'images', fileId }))).type).toBe('storage_file_not_found');
  });
});
