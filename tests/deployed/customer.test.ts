// Deployed mode: the customer's journey on the site as Netlify serves it (dist/, the bundled functions, netlify.toml's
// headers), with Appwrite and Supabase Auth on another origin. Ends with the registration, its photo and one Shopify
// hand-off on the backend, and the customer's session gone there.
import { describe, expect, it } from 'vitest';
import { chromiumPath, PHONE } from '../helpers/browser';
import { makeJpeg } from '../helpers/fixtures';
import { settledHandOffs } from '../helpers/hand-offs';
import { deploymentForSuite, onSitePage } from '../helpers/netlify-site';
import { browserForSuite } from '../helpers/suite';
import { fillSteps4to6, heading, registrationOf, TYPED_ADDRESS, verifyEmail } from '../helpers/wizard-walk';

/** A phone photo of a ring, bigger than the app keeps. */
const ringPhoto = () => makeJpeg({ look: 'ring', width: 3000, height: 2000, quality: 90 });

describe.runIf(chromiumPath)('deployed: the customer journey', () => {
  const d = deploymentForSuite();
  const browser = browserForSuite();

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
    const email = 'ada.deployed@example.com';
    await onSitePage(d, browser, async (page, blocked) => {
      await page.goto(`${d.url}/login`);
      await verifyEmail(page, d.codes, email);
      await fillSteps4to6(page, [{ name: 'ring.jpg', buffer: await ringPhoto() }]);
      await page.getByLabel('Product name or SKU').fill('nck-1018-wg');
      await page.getByRole('button', { name: /Ines Diamond Necklace/ }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => heading(page).textContent(), { timeout: 20_000 }).toBe('Thank you!');

      const { doc, photos } = await registrationOf(d.backend, email);
      expect(doc).toMatchObject({
        full_name: 'Ada Lovelace',
        phone: '+1 5551234567',
        address: TYPED_ADDRESS,
        product_sku: 'NCK-1018-WG-18',
        selected_product: 'Ines Diamond Necklace',
      });
      expect(photos.map((p) => [p.name, p.type, p.width, p.height])).toEqual([['ring.jpg', 'image/jpeg', 2048, 1365]]);

      // The hand-off ran in the site's function, which reached the backend with the site's own settings.
      // The site has no SMTP_URL: its confirmation e-mail is recorded as not configured, to go once it is.
      expect(await settledHandOffs(d.backend, doc.$id, 2, 15_000)).toEqual([
        expect.objectContaining({ email, action: 'confirmation.mail.not_configured' }),
        expect.objectContaining({ email, action: 'customer.upsert' }),
      ]);
      const sessions = () => d.backend.db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?').get(doc.user_id) as { n: number };
      await expect.poll(() => sessions().n, { timeout: 10_000 }).toBe(0);
      expect(blocked).toEqual([]);
    });
  });
});
