// Photos made small on the device (2048 px, JPEG 0.8, no metadata) before they are kept in draftFiles: in a worker
// (photo.worker.ts), or on the page where there is none. Loaded when the first photo is chosen.
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import { OUTPUT_TYPE, scalePhoto, type Scaled } from './photo-scale';
import type { PhotoDone, PhotoJob } from './photo.worker';
import type { PhotoRef, StoredPhotos } from './wizard.types';

export { fitWithin } from './photo-scale';

export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoError';
  }
}

export const notAPhoto = (name: string) => `"${name}" is not a photo. Please choose a JPEG, PNG or WebP image.`;
export const unreadablePhoto = (name: string) => `We could not read "${name}". Please choose a JPEG, PNG or WebP photo.`;

/** How long the photo worker stays after its last photo, ready for the next one. */
const WORKER_IDLE_MS = 30_000;

/**
 * The photo worker, started with the first photo chosen (its code loads then, not with the wizard) and ended after a
 * while without photos. Null where workers cannot draw (no OffscreenCanvas or createImageBitmap) or it failed to start.
 */
const worker = (() => {
  let current: Worker | null = null;
  let failed = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let lastId = 0;
  const waiting = new Map<number, (done: PhotoDone | null) => void>();

  const stop = () => {
    current?.terminate();
    current = null;
    for (const settle of waiting.values()) settle(null);
    waiting.clear();
  };
  const start = (): Worker | null => {
    if (current || failed) return current;
    if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function' || typeof createImageBitmap !== 'function') return null;
    try {
      current = new Worker(new URL('./photo.worker.ts', import.meta.url), { type: 'module', name: 'photos' });
    } catch {
      failed = true;
      return null;
    }
    current.onmessage = ({ data }: MessageEvent<PhotoDone>) => {
      waiting.get(data.id)?.(data);
      waiting.delete(data.id);
    };
    // The script could not load or run (blocked, missing offline): every photo is then made small on the page.
    current.onerror = current.onmessageerror = () => {
      failed = true;
      stop();
    };
    return current;
  };

  /** The photo made small in the worker; null when the worker cannot (the page then tries itself). */
  return (file: Blob): Promise<PhotoDone | null> => {
    const w = start();
    if (!w) return Promise.resolve(null);
    clearTimeout(idle);
    const id = ++lastId;
    return new Promise<PhotoDone | null>((resolve) => {
      waiting.set(id, resolve);
      w.postMessage({ id, file } satisfies PhotoJob);
    }).finally(() => {
      if (waiting.size === 0) idle = setTimeout(stop, WORKER_IDLE_MS);
    });
  };
})();

/** A downscaled JPEG copy of a photo; throws PhotoError with a message for the customer when it cannot be read. */
export async function downscalePhoto(file: File): Promise<Scaled> {
  if (file.type && !file.type.startsWith('image/')) throw new PhotoError(notAPhoto(file.name));
  const done = await worker(file);
  if (done?.ok) return { blob: done.blob, width: done.width, height: done.height };
  // No worker, or it could not read the file: the page tries, with what only pages have (HEIC through <img> in Safari).
  try {
    return await scalePhoto(file);
  } catch {
    throw new PhotoError(unreadablePhoto(file.name));
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
      const type = blob.type || OUTPUT_TYPE;
      // Kept as the File it is sent as: the outbox then uploads it as read, rather than wrapping it again per attempt.
      const photo = new File([blob], name, { type });
      await draftsRepository(db).addFile({ id, draftId, name, type, blob: photo, width, height, addedAt: Date.now() });
      added.push({ id, name, url: previewUrl(blob) });
    } catch (err) {
      errors.push(err instanceof PhotoError ? err.message : unreadablePhoto(file.name));
    }
  }
  return { added, errors };
}
