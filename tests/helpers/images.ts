// Real image files for tests: the server checks every upload's whole structure, so test photos are real encodes.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A JPEG of random pixels (noise compresses badly, so the size grows with the area and the quality). */
export async function noiseJpeg(width = 48, height = 32, quality = 70): Promise<Uint8Array<ArrayBuffer>> {
  const out = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
  return new Uint8Array(out);
}
