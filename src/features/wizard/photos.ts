// Photos made small on the device (2048 px, JPEG 0.8, no metadata) before they are kept in draftFiles.
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import type { PhotoRef, StoredPhotos } from './wizard.types';

export const MAX_SIDE = 2048;
const MAX_CANVAS_SIDE = 4096; // iOS refuses canvases above 4096x4096
const QUALITY = 0.8;
const OUTPUT_TYPE = 'image/jpeg';

export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoError';
  }
}

export const notAPhoto = (name: string) => `"${name}" is not a photo. Please choose a JPEG, PNG or WebP image.`;
export const unreadablePhoto = (name: string) => `We could not read "${name}". Please choose a JPEG, PNG or WebP photo.`;

/** The size to draw at: the long side at most 2048 px, never enlarged, never above the canvas limit. */
export function fitWithin(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height), MAX_CANVAS_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Decoded = { source: CanvasImageSource; width: number; height: number; close: () => void };

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      const size = fitWithin(bitmap.width, bitmap.height);
      if (size.width === bitmap.width) return { source: bitmap, ...size, close: () => bitmap.close() };
      const small = await createImageBitmap(bitmap, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' });
      bitmap.close();
      return { source: small, ...size, close: () => small.close() };
    } catch {
      /* some browsers decode HEIC only through <img> */
    }
  }
  if (typeof Image !== 'function') throw new Error('no image decoder');
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (err) {
    URL.revokeObjectURL(url);
    throw err;
  }
  return { source: img, ...fitWithin(img.naturalWidth, img.naturalHeight), close: () => URL.revokeObjectURL(url) };
}

async function encode(d: Decoded): Promise<Blob> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(d.width, d.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#ffffff'; // transparent PNGs become white, not black, as JPEG
    ctx.fillRect(0, 0, d.width, d.height);
    ctx.drawImage(d.source, 0, 0, d.width, d.height);
    return canvas.convertToBlob({ type: OUTPUT_TYPE, quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = d.width;
  canvas.height = d.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, d.width, d.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(d.source, 0, 0, d.width, d.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), OUTPUT_TYPE, QUALITY),
  );
}

/** A downscaled JPEG copy of a photo; throws PhotoError with a message for the customer when it cannot be read. */
export async function downscalePhoto(file: File): Promise<{ blob: Blob; width: number; height: number }> {
  if (file.type && !file.type.startsWith('image/')) throw new PhotoError(notAPhoto(file.name));
  let decoded: Decoded;
  try {
    decoded = await decode(file);
  } catch {
    throw new PhotoError(unreadablePhoto(file.name));
  }
  try {
    return { blob: await encode(decoded), width: decoded.width, height: decoded.height };
  } catch {
    throw new PhotoError(unreadablePhoto(file.name));
  } finally {
    decoded.close();
  }
}

const jpegName = (name: string) => `${name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`;

/** Downscales each file and keeps it in draftFiles; files that cannot be read come back as messages. */
export async function storePhotos(
  db: AppDb,
  draftId: string,
  files: File[],
  prepare: typeof downscalePhoto = downscalePhoto,
  previewUrl: (b: Blob) => string = (b) => URL.createObjectURL(b),
): Promise<StoredPhotos> {
  const added: PhotoRef[] = [];
  const errors: string[] = [];
  for (const file of files) {
    try {
      const { blob, width, height } = await prepare(file);
      const id = crypto.randomUUID();
      const name = jpegName(file.name);
      await draftsRepository(db).addFile({ id, draftId, name, type: blob.type || OUTPUT_TYPE, blob, width, height, addedAt: Date.now() });
      added.push({ id, name, url: previewUrl(blob) });
    } catch (err) {
      errors.push(err instanceof PhotoError ? err.message : unreadablePhoto(file.name));
    }
  }
  return { added, errors };
}
