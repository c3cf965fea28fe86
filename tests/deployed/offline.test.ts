// Deployed mode, offline-first: the app loaded once from the site (Netlify's emulation), then the backend on its
// other origin unreachable. The registration waits on the device and is sent once, with its photos, when the backend
// is back, and its Shopify hand-off runs in the site's function.
import { describe, expect, it } from 'vitest';
import { Query } from 'node-appwrite';
import { chromiumPath } from '../helpers/browser';
import { readDevice, sha256 } from '../helpers/device-db';
import { handOffs } from '../helpers/hand-offs';
import { deploymentForSuite, onSitePage } from '../helpers/netlify-site';
import { controlledBySw, submitWhileAway } from '../helpers/offline';
import { adminClient } from '../helpers/server';
import { browserForSuite } from '../helpers/suite';
import { verifyEmail } from '../helpers/wizard-walk';

describe.runIf(chromiumPath)('deployed: offline-first', () => {
  const d = deploymentForSuite();
  const browser = browserForSuite();

  it('keeps a registration made while the backend is unreachable and sends it once, with its photos, when it is back', async () => {
    const email = 'ada.outage@example.com';
    await onSitePage(d, browser, async (page) => {
      await page.goto(`${d.url}/login`);
      await controlledBySw(page);
      await verifyEmail(page, d.codes, email);
      const userId = (d.backend.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string }).id;
      await d.stopBackend();

      const { entry, kept } = await submitWhileAway(page);

      // The app opens again through its service worker, as Netlify delivered it; the queue is still there.
      expect((await page.reload())?.fromServiceWorker()).toBe(true);
      await expect.poll(() => page.locator('.queue-pill').textContent()).toContain('1 registration waiting to send.');

      await d.startBackend();
      const admin = adminClient(d.backend);
      const docs = async () =>
        (
          await admin.databases.listDocuments({
            databaseId: 'warranty',
            collectionId: 'submissions',
            queries: [Query.equal('user_id', userId)],
          })
        ).documents;
      // Sent by the page's own retry: the browser never went offline, only the backend was away.
      await expect.poll(async () => (await docs()).length, { timeout: 45_000, interval: 500 }).toBe(1);
      const [doc] = await docs();
      expect(doc).toMatchObject({ $id: entry.id, email, full_name: 'Ada Lovelace', image_file_id: kept.map((k) => k.fileId).join(',') });
      for (const k of kept)
        expect(sha256(new Uint8Array(await admin.storage.getFileDownload({ bucketId: 'images', fileId: k.fileId })))).toBe(k.sha256);

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
    });
  });
});
