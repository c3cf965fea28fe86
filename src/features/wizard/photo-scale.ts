// The downscaling itself (2048 px, JPEG 0.8, no metadata), the same in the photo worker and, where there is no worker,
// on the page: it imports nothing, so the worker's code is this file and photo.worker.ts alone.

const MAX_SIDE = 2048;
const MAX_CANVAS_SIDE = 4096; // iOS refuses canvases above 4096x4096
const QUALITY = 0.8;
export const OUTPUT_TYPE = 'image/jpeg';
/** How far into a JPEG its frame header is looked for (EXIF, ICC and XMP segments come first, each at most 64 KB). */
const HEADER_BYTES = 256 * 1024;

export type Scaled = { blob: Blob; width: number; height: number };

/** The size to draw at: the long side at most 2048 px, never enlarged, never above the canvas limit. */
export function fitWithin(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height), MAX_CANVAS_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A JPEG's stored size (before its EXIF orientation) from its frame header, or null when the bytes are not a JPEG's start. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // a marker without a segment
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the image ends or its data starts before any frame header
    // SOF0-SOF15 hold the frame's size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding) do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return width && height ? { width, height } : null;
    }
    i += 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!); // APPn (EXIF and its thumbnail), COM, DQT...: skipped whole
  }
  return null;
}

/** A size at `eighths` of `width` x `height`, as the JPEG decoder gives it (rounded up). */
const atEighths = (width: number, height: number, eighths: number) => ({
  width: Math.ceil((width * eighths) / 8),
  height: Math.ceil((height * eighths) / 8),
});

/** The JPEG scale, in eighths, to decode at: the smallest whose long side still reaches `target` (8: full size). */
const eighthsFor = (long: number, target: number) => Math.min(8, Math.max(1, Math.ceil((8 * target) / long)));

/** The scales, in eighths, the JPEG decoder does fastest (libjpeg-turbo's SIMD paths): 1/2, 1/4 and 1/8. */
const FAST_EIGHTHS = [4, 2, 1];
/** How far under the limit a fast scale may land and still be kept as decoded: 1/16 (1920 px at the least). */
const FAST_SLACK = MAX_SIDE / 16;

/**
 * How a JPEG stored `width` x `height` is decoded: at `eighths` of its size, then drawn at `kept`. Where one of the
 * fast scales brings it within 1/16 under the limit, it is kept exactly as decoded, with no resampling after: 12 MP
 * phone photos (4000 or 4032 px) become 2000 or 2016 px at 1/2, 48 MP ones the same at 1/4. Any other is decoded at
 * the smallest eighth that still holds the size kept, and drawn down to it. Nothing is enlarged.
 */
export function decodePlan(width: number, height: number): { eighths: number; kept: { width: number; height: number } } {
  const long = Math.max(width, height);
  for (const eighths of FAST_EIGHTHS) {
    const side = Math.ceil((long * eighths) / 8);
    if (side <= MAX_SIDE && side >= MAX_SIDE - FAST_SLACK) return { eighths, kept: atEighths(width, height, eighths) };
  }
  const kept = fitWithin(width, height);
  return { eighths: eighthsFor(long, Math.max(kept.width, kept.height)), kept };
}

/**
 * Draws on white (transparent PNGs become white, not black, as JPEG) and encodes. The canvas is opaque, as a JPEG
 * is: the encoder then has no alpha to take out.
 */
async function draw(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    paint(canvas.getContext('2d', { alpha: false }), source, width, height);
    return canvas.convertToBlob({ type: OUTPUT_TYPE, quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paint(canvas.getContext('2d', { alpha: false }), source, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), OUTPUT_TYPE, QUALITY),
  );
}

function paint(
  ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  source: CanvasImageSource,
  width: number,
  height: number,
) {
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
}

/**
 * A JPEG decoded straight at about the size kept (WebCodecs' ImageDecoder decodes a JPEG at 1/8 to 8/8 of its size,
 * the costly part of a 12 MP photo), or null where that is not possible. Only where frames carry their EXIF
 * orientation (VideoFrame.rotation), which drawing them then applies.
 */
async function viaImageDecoder(file: Blob): Promise<Scaled | null> {
  if (typeof ImageDecoder !== 'function' || typeof VideoFrame !== 'function' || !('rotation' in VideoFrame.prototype)) return null;
  const size = jpegSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  if (!size) return null;
  const { eighths, kept } = decodePlan(size.width, size.height);
  const desired = atEighths(size.width, size.height, eighths);
  const decoder = new ImageDecoder({ data: file.stream(), type: 'image/jpeg', desiredWidth: desired.width, desiredHeight: desired.height });
  try {
    const { image } = await decoder.decode();
    try {
      const turned = ((image as VideoFrame & { rotation?: number }).rotation ?? 0) % 180 !== 0;
      const out = turned ? { width: kept.height, height: kept.width } : kept;
      // Drawing scales with a plain bilinear filter: fine from the scale asked for (at most twice the size kept), not
      // from a frame a browser decoded smaller (enlarged) or at full size whatever it was asked (aliased), each of which
      // is then decoded the usual way.
      const long = Math.max(image.displayWidth, image.displayHeight);
      if (image.displayWidth < out.width || image.displayHeight < out.height || long > 2 * Math.max(out.width, out.height)) return null;
      return { blob: await draw(image, out.width, out.height), ...out };
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
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

/** A photo downscaled to a JPEG: the EXIF orientation applied, transparency on white, no metadata. Throws when unreadable. */
export async function scalePhoto(file: Blob): Promise<Scaled> {
  try {
    const direct = await viaImageDecoder(file);
    if (direct) return direct;
  } catch {
    /* decoded the usual way below, which reads what this could not or fails the same */
  }
  const decoded = await decode(file);
  try {
    return { blob: await draw(decoded.source, decoded.width, decoded.height), width: decoded.width, height: decoded.height };
  } finally {
    decoded.close();
  }
}
