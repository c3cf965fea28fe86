// Photos chosen on step 6 in Chromium, as the device keeps them: turned by their EXIF orientation, at most 2048 px on
// the long side and never enlarged, transparency on white, no metadata left; files it cannot read get their message.
// Made small in the photo worker, and the same on the page when the worker's script cannot load.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, PHONE } from '../helpers/browser';
import { inDeviceDb } from '../helpers/device-db';
import { appInBrowser } from '../helpers/suite';
import { atStep, phoneAndAddress, verifyEmail } from '../helpers/wizard-walk';

/** The portrait photo as kept: turned upright (its red corner, stored top left, now top right) and 2048 px tall. */
const PORTRAIT_KEPT = {
  name: 'portrait.jpg',
  type: 'image/jpeg',
  width: 1365,
  height: 2048,
  exif: false,
  corners: ['grey', 'red', 'grey', 'grey'],
  middle: 'blue',
};
/** The transparent PNG as kept: a JPEG on white, 2048 px wide. */
const CUT_OUT_KEPT = {
  name: 'cut-out.jpg',
  type: 'image/jpeg',
  width: 2048,
  height: 1365,
  exif: false,
  corners: ['red', 'white', 'white', 'white'],
  middle: 'blue',
};

const GREY = '#808080';
const RED = '#ff0000';
const BLUE = '#0000ff';

/** A picture `width` x `height` on `ground` (none: transparent), a red mark in its top left corner and a blue disk in its middle. */
const picture = (width: number, height: number, ground: string | null) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${ground ? `<rect width="100%" height="100%" fill="${ground}"/>` : ''}
    <rect width="${width / 5}" height="${height / 5}" fill="${RED}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 6}" fill="${BLUE}"/></svg>`);

/** A phone's portrait photo: stored 3000x2000 with EXIF orientation 6, shown turned a quarter clockwise (2000x3000). */
const portrait = () =>
  sharp(picture(3000, 2000, GREY))
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
/** A 12 MP landscape photo as most phones take it. */
const landscape = () =>
  sharp(picture(4032, 3024, GREY))
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 1 })
    .toBuffer();
const transparent = (width: number, height: number) =>
  sharp(picture(width, height, null))
    .png()
    .toBuffer();

type Kept = { name: string; type: string; width: number; height: number; exif: boolean; corners: string[]; middle: string };

/**
 * The photos this device keeps for the draft, each decoded in the page: its size, whether EXIF is left in it, and the
 * colour near each corner (top left, top right, bottom right, bottom left) and in its middle.
 */
const keptPhotos = (page: Page): Promise<Kept[]> =>
  inDeviceDb(
    page,
    async (db, _arg, idb) => {
      const files = await idb.result(db.transaction('draftFiles').objectStore('draftFiles').getAll());
      files.sort((a, b) => a.addedAt - b.addedAt);
      const name = ([r, g, b]: number[]) => {
        if (r! > 230 && g! > 230 && b! > 230) return 'white';
        if (r! > 200 && g! < 60 && b! < 60) return 'red';
        if (b! > 200 && r! < 60 && g! < 60) return 'blue';
        if ([r, g, b].every((v) => Math.abs(v! - 128) < 25)) return 'grey';
        if (r! < 30 && g! < 30 && b! < 30) return 'black';
        return `rgb(${r}, ${g}, ${b})`;
      };
      const out = [];
      for (const f of files) {
        const bytes = new Uint8Array(await f.blob.arrayBuffer());
        const bitmap = await createImageBitmap(f.blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        const at = (x: number, y: number) =>
          name([...ctx.getImageData(Math.floor(x * bitmap.width), Math.floor(y * bitmap.height), 1, 1).data.slice(0, 3)]);
        out.push({
          name: f.name,
          type: f.blob.type,
          width: f.width,
          height: f.height,
          decoded: [bitmap.width, bitmap.height],
          exif: new TextDecoder('latin1').decode(bytes).includes('Exif\0\0'),
          corners: [at(0.03, 0.03), at(0.97, 0.03), at(0.97, 0.97), at(0.03, 0.97)],
          middle: at(0.5, 0.5),
        });
      }
      return out;
    },
    null,
  ).then((kept) =>
    kept.map(({ decoded, ...k }) => {
      expect(decoded, k.name).toEqual([k.width, k.height]); // the size recorded is the picture's
      return k;
    }),
  );

describe.runIf(chromiumPath)('photos on step 6', () => {
  const app = appInBrowser();

  async function onStep6(email: string, block?: (page: Page) => Promise<unknown>) {
    const page = await app.browser.newPage(PHONE);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
    await block?.(page);
    await page.goto(`${app.server.url}/login`);
    await verifyEmail(page, app.server, email);
    await atStep(page, 'Phone Number');
    await phoneAndAddress(page);
    return { page, workers };
  }

  it('keeps each photo turned upright, at most 2048 px, never enlarged, transparency on white, without metadata', async () => {
    const { page, workers } = await onStep6('photos.worker@example.com');
    try {
      await page.locator('#photos').setInputFiles([
        { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await portrait() },
        { name: 'landscape.jpg', mimeType: 'image/jpeg', buffer: await landscape() },
        { name: 'cut-out.png', mimeType: 'image/png', buffer: await transparent(2400, 1600) },
        { name: 'small.png', mimeType: 'image/png', buffer: await transparent(800, 600) },
      ]);
      await page.getByRole('img', { name: 'small.jpg' }).waitFor();
      expect(await keptPhotos(page)).toEqual([
        // Stored top left, shown top right once turned.
        PORTRAIT_KEPT,
        {
          name: 'landscape.jpg',
          type: 'image/jpeg',
          // 4032x3024: halved by the decoder itself, kept as decoded.
          width: 2016,
          height: 1512,
          exif: false,
          corners: ['red', 'grey', 'grey', 'grey'],
          middle: 'blue',
        },
        CUT_OUT_KEPT,
        {
          name: 'small.jpg',
          type: 'image/jpeg',
          width: 800,
          height: 600,
          exif: false,
          corners: ['red', 'white', 'white', 'white'],
          middle: 'blue',
        },
      ]);
      expect(workers.filter((w) => /\/photo\.worker-[\w-]+\.js$/.test(w))).toHaveLength(1); // made small off the page, one worker for all

      // Files that are not photos, or cannot be read, are named in a message and not kept.
      await page.locator('#photos').setInputFiles([
        { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
        { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these bytes are a note, not a photo\n') },
      ]);
      await page.getByText('We could not read "broken.jpg". Please choose a JPEG, PNG or WebP photo.').waitFor();
      await page.getByText('"notes.pdf" is not a photo. Please choose a JPEG, PNG or WebP image.').waitFor();
      expect(await page.locator('.photos__preview').count()).toBe(4);
      expect(await keptPhotos(page)).toHaveLength(4);
    } finally {
      await page.close();
    }
  });

  it('makes photos small on the page, the same way, when the worker script cannot load', async () => {
    let refused = 0;
    const { page } = await onStep6('photos.page@example.com', (p) =>
      p.context().route(/\/photo\.worker-[\w-]+\.js$/, (route) => {
        if (route.request().resourceType() === 'script') refused += 1; // not the service worker's precaching
        return route.abort();
      }),
    );
    try {
      await page.locator('#photos').setInputFiles([
        { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await portrait() },
        { name: 'cut-out.png', mimeType: 'image/png', buffer: await transparent(2400, 1600) },
      ]);
      await page.getByRole('img', { name: 'cut-out.jpg' }).waitFor();
      expect(await keptPhotos(page)).toEqual([PORTRAIT_KEPT, CUT_OUT_KEPT]);
      expect(refused).toBe(1); // the worker was tried once, and the page did the rest
    } finally {
      await page.close();
    }
  });
});
