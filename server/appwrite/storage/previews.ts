// Image previews resized with sharp, in a fixed set of sizes and qualities (those the app asks for), so the preview
// cache on disk is bounded: at most |sizes|² × |qualities| × |formats| previews per file.
import sharp from 'sharp';
import { AppwriteError, invalidParam } from '../errors';
import { optionalInt } from '../util';
import type { FileStore } from './file-store';
import type { FileRow } from './files-repository';

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

import { PREVIEW_SIZES } from '../../../src/shared/previews';

export { PREVIEW_SIZES };
const PREVIEW_QUALITIES = [-1, 60, 80, 90, 100];
const OUTPUTS: Record<string, Format> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };
const MIME_OUTPUT: Record<string, Format> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
const own = <T>(map: Record<string, T>, key: string) => (Object.hasOwn(map, key) ? map[key] : undefined);

export type PreviewParams = { width: number; height: number; quality: number; output: string };

/** Reads and checks preview parameters from a query; sizes and qualities outside the fixed set are a 400. */
export function previewParams(query: (name: string) => string | undefined): PreviewParams {
  const width = optionalInt('width', query('width'), 0, 0, 4000);
  const height = optionalInt('height', query('height'), 0, 0, 4000);
  const quality = optionalInt('quality', query('quality'), -1, -1, 100);
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const)
    if (!(PREVIEW_SIZES as readonly number[]).includes(value))
      throw invalidParam(name, `Previews are made in these sizes only: ${PREVIEW_SIZES.join(', ')}`);
  if (!PREVIEW_QUALITIES.includes(quality))
    throw invalidParam('quality', `Value must be one of ${PREVIEW_QUALITIES.filter((q) => q >= 0).join(', ')}`);
  const output = query('output') || '';
  if (output && !own(OUTPUTS, output)) throw invalidParam('output', `Value must be one of (${Object.keys(OUTPUTS).join(', ')})`);
  return { width, height, quality, output };
}

const unsupported = (why: string) =>
  new AppwriteError(400, 'storage_file_type_unsupported', `The given file type is not supported: ${why}`);

/** The preview of a stored image, made once and then served from the cache. */
export async function preview(store: FileStore, f: FileRow, p: PreviewParams): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  if (!f.mime_type.startsWith('image/')) throw unsupported('previews are made of images only');
  const format = (p.output ? own(OUTPUTS, p.output) : undefined) ?? own(MIME_OUTPUT, f.mime_type) ?? 'jpeg';
  const key = `${p.width}x${p.height}q${p.quality}.${format}`;
  let body: Buffer;
  try {
    body = await store.readPreview(f.bucket_id, f.id, key);
  } catch {
    let img = sharp(store.filePath(f.bucket_id, f.id), { limitInputPixels: 100_000_000 }).rotate();
    if (p.width || p.height)
      img = img.resize({ width: p.width || undefined, height: p.height || undefined, fit: p.width && p.height ? 'cover' : 'inside' });
    try {
      body = await img.toFormat(format, p.quality === -1 ? {} : { quality: Math.max(1, p.quality) }).toBuffer();
    } catch {
      throw unsupported('the image could not be decoded');
    }
    await store.writePreview(f.bucket_id, f.id, key, body);
  }
  return { body: new Uint8Array(body), type: `image/${format}` };
}
