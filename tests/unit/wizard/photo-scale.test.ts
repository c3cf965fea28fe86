// What the photo worker reads before decoding: a JPEG's size from its frame header, and the JPEG scale to decode at.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eighthsFor, fitWithin, jpegSize } from '@/features/wizard/photo-scale';
import { makeJpeg } from '../../helpers/fixtures';

const bytes = (b: Buffer) => new Uint8Array(b);

describe('the JPEG frame header', () => {
  it('gives the stored size, past the EXIF and ICC segments before it', async () => {
    const plain = await makeJpeg({ width: 40, height: 30 });
    expect(jpegSize(bytes(plain))).toEqual({ width: 40, height: 30 });
    // Orientation 6: shown 30x40, stored 40x30; the EXIF segment comes before the frame header.
    const turned = await sharp(plain).withMetadata({ orientation: 6 }).withIccProfile('srgb').jpeg().toBuffer();
    expect(jpegSize(bytes(turned))).toEqual({ width: 40, height: 30 });
    const exif = await sharp(plain)
      .withExif({ IFD0: { ImageDescription: 'x'.repeat(20_000), Make: 'Phone' } })
      .jpeg()
      .toBuffer();
    expect(jpegSize(bytes(exif))).toEqual({ width: 40, height: 30 });
  });

  it('reads progressive JPEGs and large sizes', async () => {
    const progressive = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#c9a24a' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(jpegSize(bytes(progressive))).toEqual({ width: 4032, height: 3024 });
  });

  it('gives nothing for other files or a header cut short', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    expect(jpegSize(bytes(png))).toBeNull();
    expect(jpegSize(new TextEncoder().encode('just some text'))).toBeNull();
    const jpeg = await makeJpeg({ width: 40, height: 30 });
    expect(jpegSize(bytes(jpeg).slice(0, 20))).toBeNull();
  });
});

describe('the scale a JPEG is decoded at', () => {
  const decoded = (width: number, height: number) => {
    const target = fitWithin(width, height);
    const eighths = eighthsFor(Math.max(width, height), Math.max(target.width, target.height));
    return { eighths, long: Math.ceil((Math.max(width, height) * eighths) / 8), kept: Math.max(target.width, target.height) };
  };

  it('is the smallest that still holds the size kept, so nothing is enlarged', () => {
    expect(decoded(4000, 3000)).toEqual({ eighths: 5, long: 2500, kept: 2048 }); // 4/8 would be 2000 px
    expect(decoded(3024, 4032)).toEqual({ eighths: 5, long: 2520, kept: 2048 });
    expect(decoded(3000, 2000)).toEqual({ eighths: 6, long: 2250, kept: 2048 });
    expect(decoded(8000, 6000)).toEqual({ eighths: 3, long: 3000, kept: 2048 });
    expect(decoded(4096, 3072)).toEqual({ eighths: 4, long: 2048, kept: 2048 });
    for (let long = 100; long <= 20_000; long += 37) {
      const d = decoded(long, Math.round(long * 0.75));
      expect(d.long).toBeGreaterThanOrEqual(d.kept);
    }
  });

  it('is the full size for photos already small enough', () => {
    expect(decoded(2048, 1536)).toEqual({ eighths: 8, long: 2048, kept: 2048 });
    expect(decoded(800, 600)).toEqual({ eighths: 8, long: 800, kept: 800 });
  });
});
