// The photo worker: decodes, downscales and encodes a chosen photo away from the page, so the page never stalls while
// a 12 MP photo is made small. Started by photos.ts when the first photo is chosen.
import { scalePhoto, type Scaled } from './photo-scale';

export type PhotoJob = { id: number; file: Blob };
export type PhotoDone = { id: number } & (({ ok: true } & Scaled) | { ok: false });

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async ({ data }: MessageEvent<PhotoJob>) => {
  let reply: PhotoDone;
  try {
    reply = { id: data.id, ok: true, ...(await scalePhoto(data.file)) };
  } catch {
    reply = { id: data.id, ok: false };
  }
  scope.postMessage(reply);
};
