// GET /.netlify/functions/staffImage?id=FILE[&width=N]: staff only. A registration photo from the private
// bucket: the full image, or a preview resized on the server (thumbnails are never full photos).
import { AppwriteException } from 'node-appwrite';
import { adminClient } from '../lib/appwrite';
import { handle, HttpError, requireMethod } from '../lib/http';
import { requireStaff } from '../lib/staff-auth';
import { previewSizeFor } from '../../src/shared/previews';

export default handle(async (req) => {
  requireMethod(req, 'GET');
  await requireStaff(req);
  const url = new URL(req.url);
  const id = url.searchParams.get('id') ?? '';
  if (!/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/.test(id)) throw new HttpError(400, 'invalid_query', '`id` must be an image file id.');
  const widthParam = url.searchParams.get('width');
  const width = widthParam === null ? 0 : Number(widthParam);
  if (!Number.isInteger(width) || width < 0 || width > 2000) throw new HttpError(400, 'invalid_query', '`width` must be a whole number from 1 to 2000.');

  const { storage, settings } = adminClient();
  let bytes: ArrayBuffer;
  try {
    bytes = width
      ? await storage.getFilePreview({ bucketId: settings.bucketId, fileId: id, width: previewSizeFor(width), output: 'webp' as never, quality: 80 })
      : await storage.getFileView({ bucketId: settings.bucketId, fileId: id });
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) throw new HttpError(404, 'not_found', 'That image does not exist.');
    throw new HttpError(502, 'upstream_error', 'The image store could not be reached.');
  }
  const head = new Uint8Array(bytes.slice(0, 12));
  const type = width ? 'image/webp' : head[0] === 0xff ? 'image/jpeg' : head[0] === 0x89 ? 'image/png' : 'image/webp';
  return new Response(bytes, { status: 200, headers: { 'Content-Type': type, 'Cache-Control': 'private, max-age=86400', 'X-Content-Type-Options': 'nosniff' } });
});
