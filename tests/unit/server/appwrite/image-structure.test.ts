// server/appwrite/image-structure.ts on real JPEGs (sharp): whole ones pass, cut or padded ones are named.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageStructureProblem } from '../../../../server/appwrite/image-structure';
import { makeJpeg } from '../../../helpers/fixtures';

describe('JPEG structure', () => {
  it('passes whole photos: noisy ones (many stuffed 0xFF bytes) and progressive ones (many scans)', async () => {
    const noisy = await makeJpeg({ width: 640, height: 480, quality: 95 });
    expect(noisy.includes(0xff, 200)).toBe(true);
    expect(imageStructureProblem('image/jpeg', noisy)).toBeNull();
    const progressive = await sharp(Buffer.from(noisy)).jpeg({ quality: 80, progressive: true }).toBuffer();
    const scans = [...progressive.keys()].filter((i) => progressive[i] === 0xff && progressive[i + 1] === 0xda).length;
    expect(scans).toBeGreaterThan(1);
    expect(imageStructureProblem('image/jpeg', new Uint8Array(progressive))).toBeNull();
  });

  it('names a photo cut short, one with data after its end, and broken marker data', async () => {
    const jpeg = await makeJpeg({ width: 320, height: 240 });
    expect(imageStructureProblem('image/jpeg', jpeg.subarray(0, jpeg.length - 2))).toBe('the JPEG has no end marker');
    expect(imageStructureProblem('image/jpeg', new Uint8Array([...jpeg, 0x3c, 0x73]))).toBe(
      'there is data after the end of the JPEG image',
    );
    const broken = jpeg.slice();
    broken[2] = 0x00; // where the first marker must start
    expect(imageStructureProblem('image/jpeg', broken)).toBe('the JPEG data is broken');
  });
});
