// Deployed mode, offline-first: the app loaded once from the site (Netlify's emulation), then the backend on its
// other origin unreachable. The registration waits on the device and is sent once, with its photos, when the backend
// is back, and its Shopify hand-off runs in the site's function.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client, Databases, Query, Storage } from 'node-appwrite';
import { chromiumPath, launch, PHONE } from '../helpers/browser';
import { readDevice, sha256 } from '../helpers/device-db';
import { handOffs } from '../helpers/hand-offs';
import { Deployment } from '../helpers/netlify-site';
import { fillSteps4to6, heading, verifyEmail } from '../helpers/wizard-walk';

const SAVED_HERE = 'Your registration is saved on this device and will be sent automatically';

const ringPhoto = (band: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="2600" height="1800"><rect width="2600" height="1800" fill="#f1e9dc"/>
      <circle cx="1300" cy="950" r="480" fill="none" stroke="${band}" stroke-width="140"/></svg>`),
  )
    .jpeg({ quality: 92 })
    .toBuffer();

async function controlledBySw(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

describe.runIf(chromiumPath)('deployed: offline-first', () => {
  let d: Deployment;
  let browser: Browser;
  beforeAll(async () => {
    d = await Deployment.start();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await d?.dispose();
  });

  it('keeps a registration made while the backend is unreachable and sends it once, with its photos, when it is back', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const email = 'ada.outage@example.com';
    try {
      await page.goto(`${d.url}/login`);
      await controlledBySw(page);
      await verifyEmail(page, d.codes, email);
      const userId = (d.backend.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string }).id;
      await d.stopBackend();

      await fillSteps4to6(page, [
        { name: 'ring-front.jpg', buffer: await ringPhoto('#c9a24a') },
        { name: 'ring-side.jpg', buffer: await ringPhoto('#8f8f95') },
      ]);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(SAVED_HERE).waitFor({ timeout: 20_000 });
      expect(await heading(page).textContent()).toBe('Thank you!');
      await expect.poll(() => page.locator('.queue-pill').textContent()).toContain('1 registration waiting to send.');
      const device = await readDevice(page);
      expect(device.outbox).toHaveLength(1);
      const entry = device.outbox[0]!;
      const kept = entry.files.map((f) => ({ fileId: f.fileId, ...device.photos[f.draftFileId]! }));
      expect(kept.map((k) => k.name)).toEqual(['ring-front.jpg', 'ring-side.jpg']);

      // The app opens again through its service worker, as Netlify delivered it; the queue is still there.
      expect((await page.reload())?.fromServiceWorker()).toBe(true);
      await expect.poll(() => page.locator('.queue-pill').textContent()).toContain('1 registration waiting to send.');

      await d.startBackend();
      const admin = new Client().setEndpoint(d.backend.endpoint).setProject('warranty').setKey(d.backend.secrets.apiKey);
      const docs = async () =>
        (
          await new Databases(admin).listDocuments({
            databaseId: 'warranty',
            collectionId: 'submissions',
            queries: [Query.equal('user_id', userId)],
          })
        ).documents;
      // Sent by the page's own retry: the browser never went offline, only the backend was away.
      await expect.poll(async () => (await docs()).length, { timeout: 45_000, interval: 500 }).toBe(1);
      const [doc] = await docs();
      expect(doc).toMatchObject({ $id: entry.id, email, full_name: 'Ada Lovelace', image_file_id: kept.map((k) => k.fileId).join(',') });
      const storage = new Storage(admin);
      for (const k of kept)
        expect(sha256(new Uint8Array(await storage.getFileDownload({ bucketId: 'images', fileId: k.fileId })))).toBe(k.sha256);

      await expect.poll(() => page.locator('.queue-pill').count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => readDevice(page), { timeout: 15_000 }).toMatchObject({ outbox: [], photos: {} });
      // Handed over once; the confirmation e-mail recorded as not configured (the site has no SMTP_URL).
      const log = (await handOffs(d.backend)).filter((e) => e.registrationId === entry.id);
      expect(log.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
        expect.objectContaining({ email, action: 'confirmation.mail.not_configured' }),
        expect.objectContaining({ email, action: 'customer.upsert' }),
      ]);
      await page.waitForTimeout(1500); // a second copy would have come by now
      expect(await docs()).toHaveLength(1);
    } catch (err) {
      console.error(d.siteOutput());
      throw err;
    } finally {
      await context.close();
    }
  });
});
