// What the photo worker reads before decoding: a JPEG's size from its frame header, and the JPEG scale to decode at.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePlan, jpegSize } from '@/features/wizard/photo-scale';
import { makeJpeg } from '../../../../helpers/fixtures';

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
    const { eighths, kept } = decodePlan(width, height);
    return { eighths, long: Math.ceil((Math.max(width, height) * eighths) / 8), kept: Math.max(kept.width, kept.height) };
  };

  it('keeps phone photos exactly as the decoder halves or quarters them: no resampling, at most 2048 px', () => {
    expect(decoded(4000, 3000)).toEqual({ eighths: 4, long: 2000, kept: 2000 });
    expect(decodePlan(4000, 3000).kept).toEqual({ width: 2000, height: 1500 });
    expect(decoded(3024, 4032)).toEqual({ eighths: 4, long: 2016, kept: 2016 });
    expect(decodePlan(3024, 4032).kept).toEqual({ width: 1512, height: 2016 });
    expect(decoded(4096, 3072)).toEqual({ eighths: 4, long: 2048, kept: 2048 });
    expect(decoded(8064, 6048)).toEqual({ eighths: 2, long: 2016, kept: 2016 });
    expect(decoded(3840, 2160)).toEqual({ eighths: 4, long: 1920, kept: 1920 }); // 1/16 under the limit: the least kept so
  });

  it('is otherwise the smallest that still holds the size kept, drawn down to 2048 px, so nothing is enlarged', () => {
    expect(decoded(3000, 2000)).toEqual({ eighths: 6, long: 2250, kept: 2048 });
    expect(decoded(6000, 4000)).toEqual({ eighths: 3, long: 2250, kept: 2048 });
    expect(decoded(3800, 2850)).toEqual({ eighths: 5, long: 2375, kept: 2048 }); // its half, 1900 px, would be too small
    for (let long = 100; long <= 20_000; long += 37) {
      const d = decoded(long, Math.round(long * 0.75));
      expect(d.long).toBeGreaterThanOrEqual(d.kept);
      expect(d.kept).toBeLessThanOrEqual(2048);
      expect(d.kept).toBeGreaterThanOrEqual(Math.min(long, 1920));
    }
  });

  it('is the full size for photos already small enough', () => {
    expect(decoded(2048, 1536)).toEqual({ eighths: 8, long: 2048, kept: 2048 });
    expect(decoded(800, 600)).toEqual({ eighths: 8, long: 800, kept: 800 });
  });
});
