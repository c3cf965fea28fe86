// GET staffImage?id=FILE[&width=N], staff only: a registration photo from the private bucket, the full image or
// a preview resized on the server (thumbnails are never full photos), in the nearest preview size at least as wide.
import { AppwriteException } from 'node-appwrite';
import { adminClient } from '../lib/appwrite';
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';
import { previewSizeFor } from '../../src/shared/previews';

export default defineFunction('staffImage', async ({ query: { id, width } }) => {
  const { storage, settings } = adminClient();
  let bytes: ArrayBuffer;
  try {
    bytes = width
      ? await storage.getFilePreview({
          bucketId: settings.bucketId,
          fileId: id,
          width: previewSizeFor(width),
          output: 'webp' as never,
          quality: 80,
        })
      : await storage.getFileView({ bucketId: settings.bucketId, fileId: id });
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) throw new HttpError(404, 'not_found', 'That image does not exist.');
    throw new HttpError(502, 'upstream_error', 'The image store could not be reached.');
  }
  const head = new Uint8Array(bytes.slice(0, 12));
  const type = width ? 'image/webp' : head[0] === 0xff ? 'image/jpeg' : head[0] === 0x89 ? 'image/png' : 'image/webp';
  return new Response(bytes, {
    status: 200,
    headers: { 'Content-Type': type, 'Cache-Control': 'private, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
  });
});
