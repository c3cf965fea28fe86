// Deployed mode: the customer's journey on the site as Netlify serves it (dist/, the bundled functions, netlify.toml's
// headers), with Appwrite and Supabase Auth on another origin. Ends with the registration, its photo and one Shopify
// hand-off on the backend, and the customer's session gone there.
import { Client, Databases, Query, Storage } from 'node-appwrite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumPath, launch, PHONE } from '../helpers/browser';
import { handOffs } from '../helpers/hand-offs';
import { Deployment } from '../helpers/netlify-site';
import { fillSteps4to6, heading, verifyEmail } from '../helpers/wizard-walk';

const ringPhoto = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="100%" height="100%" fill="#efe6d6"/>
      <circle cx="50%" cy="52%" r="500" fill="none" stroke="#c9a24a" stroke-width="140"/></svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

describe.runIf(chromiumPath)('deployed: the customer journey', () => {
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

  it('serves the pages with netlify.toml’s headers and a policy naming the backend', async () => {
    const page = await browser.newPage(PHONE);
    try {
      const res = await page.goto(`${d.url}/login`);
      expect(res?.status()).toBe(200);
      const headers = res!.headers();
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toContain(`connect-src 'self' ${d.backendUrl} `);
      await expect.poll(() => heading(page).textContent()).toBe('Your Full Name');
      // Unknown paths are the app (netlify.toml's SPA rule), with the same headers.
      const deep = await page.goto(`${d.url}/account`);
      expect(deep?.headers()['content-security-policy']).toBe(headers['content-security-policy']);
      // Hashed assets are kept for a year; the service worker and the runtime configuration are always revalidated.
      const script = await page.locator('script[type=module][src]').first().getAttribute('src');
      const cacheControl = async (path: string) => (await fetch(new URL(path, d.url))).headers.get('cache-control');
      expect(script).toMatch(/^\/assets\//);
      expect(await cacheControl(script!)).toBe('public, max-age=31536000, immutable');
      expect(await cacheControl('/sw.js')).toBe('no-cache');
      expect(await cacheControl('/app-config.json')).toBe('no-cache');
    } finally {
      await page.close();
    }
  });

  it('ends with the registration, its photo and one Shopify hand-off on the backend', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|CORS/.test(m.text())) blocked.push(m.text());
    });
    const email = 'ada.deployed@example.com';
    try {
      await page.goto(`${d.url}/login`);
      await verifyEmail(page, d.codes, email);
      await fillSteps4to6(page, [{ name: 'ring.jpg', buffer: await ringPhoto() }]);
      await page.getByLabel('Product name or SKU').fill('nck-1018-wg');
      await page.getByRole('button', { name: /Ines Diamond Necklace/ }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => heading(page).textContent(), { timeout: 20_000 }).toBe('Thank you!');

      const admin = new Client().setEndpoint(d.backend.endpoint).setProject('warranty').setKey(d.backend.secrets.apiKey);
      const list = await new Databases(admin).listDocuments({
        databaseId: 'warranty',
        collectionId: 'submissions',
        queries: [Query.equal('email', email)],
      });
      expect(list.total).toBe(1);
      const doc = list.documents[0]!;
      expect(doc).toMatchObject({
        full_name: 'Ada Lovelace',
        phone: '+1 5551234567',
        address: '9 Oak Avenue, United States',
        product_sku: 'Ines Diamond Necklace',
      });
      const storage = new Storage(admin);
      const [fileId, ...more] = String(doc.image_file_id).split(',');
      expect(more).toEqual([]);
      const file = await storage.getFile({ bucketId: 'images', fileId: fileId! });
      const meta = await sharp(Buffer.from(await storage.getFileDownload({ bucketId: 'images', fileId: fileId! }))).metadata();
      expect([file.name, file.mimeType, meta.width, meta.height]).toEqual(['ring.jpg', 'image/jpeg', 2048, 1365]);

      // The hand-off ran in the site's function, which reached the backend with the site's own settings.
      const handedOn = async () => (await handOffs(d.backend)).filter((e) => e.registrationId === doc.$id);
      // The site has no SMTP_URL: its confirmation e-mail is recorded as not configured, to go once it is.
      await expect.poll(handedOn, { timeout: 15_000 }).toHaveLength(2);
      await page.waitForTimeout(1500); // a second hand-off would have come by now
      expect((await handedOn()).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
        expect.objectContaining({ email, action: 'confirmation.mail.not_configured' }),
        expect.objectContaining({ email, action: 'customer.upsert' }),
      ]);
      const sessions = () => d.backend.db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?').get(doc.user_id) as { n: number };
      await expect.poll(() => sessions().n, { timeout: 10_000 }).toBe(0);
      expect(blocked).toEqual([]);
    } catch (err) {
      console.error(d.siteOutput());
      throw err;
    } finally {
      await context.close();
    }
  });
});
