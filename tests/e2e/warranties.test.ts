// /warranties in Chromium against the real server: a customer signs in with the wizard's email and code texts, sees
// one card per registration (products, photo, both dates), newest first, and downloads the certificate as a PDF
// holding their name and dates; another customer sees none of it; axe (WCAG 2.2 A/AA) finds nothing on either state.
import { ID, Permission, Role } from 'appwrite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coveredUntil, formatDate } from '@/shared/warranty';
import { inContext, PHONE } from '../helpers/browser';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { makeJpeg } from '../helpers/fixtures';
import { codeFor } from '../helpers/server';
import { downloadCertificate, signInToWarranties } from '../helpers/warranties-page';
import { appInBrowser } from '../helpers/suite';
import { axeFindings } from '../helpers/axe';

const SHOT = (name: string) => `test-results/warranties-${name}.png`;

/** Two registrations made on a device before they reached the server, within the days one may wait there. */
const OLDER = new Date(Date.now() - 25 * 86_400_000).toISOString();
const NEWER = new Date(Date.now() - 3 * 86_400_000).toISOString();

describe('/warranties', () => {
  const app = appInBrowser();

  /** A registration with one photo, made through the real web SDK as the customer's device makes it. */
  async function registerWithPhoto(c: Customer, over: Record<string, unknown>) {
    const fileId = ID.unique();
    const jpeg = await makeJpeg({ width: 400, height: 300 });
    await c.as(() =>
      c.storage.createFile({
        bucketId: 'images',
        fileId,
        file: new File([jpeg], 'ring.jpg', { type: 'image/jpeg' }),
        permissions: [Permission.read(Role.user(c.userId))],
      }),
    );
    return createRegistration(c, { image_file_id: fileId, ...over });
  }

  const signIn = (page: Page, email: string) => signInToWarranties(page, app.server, email);

  const cards = (page: Page) => page.getByRole('article');

  it('shows a customer their own registrations after the email code, and the certificate downloads as a PDF', async () => {
    const ada = await signedInCustomer(app.server, 'ada.warranties@example.com');
    const older = await createRegistration(ada, { full_name: 'Ada Warranties', product_sku: 'Aurora Pendant', submitted_at: OLDER });
    const newer = await registerWithPhoto(ada, { full_name: 'Ada Warranties', product_sku: 'Celeste Ring', submitted_at: NEWER });
    const bob = await signedInCustomer(app.server, 'bob.warranties@example.com');
    await createRegistration(bob, { full_name: 'Bob Other', product_sku: 'Orion Cufflinks', submitted_at: NEWER });

    await inContext(app.browser, { ...PHONE, acceptDownloads: true }, async (page) => {
      await page.goto(`${app.server.url}/warranties`);
      await page.getByLabel('Email Address').waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: SHOT('sign-in'), fullPage: true });

      // The wizard's rules for the two steps.
      await page.getByLabel('Email Address').fill('not-an-address');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByRole('alert').filter({ hasText: 'Enter a valid email address.' }).waitFor();
      await page.getByLabel('Email Address').fill('ada.warranties@example.com');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByLabel('Enter OTP').waitFor();
      await page.getByLabel('Enter OTP').fill('12');
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.getByRole('alert').filter({ hasText: 'OTP must be 6 digits.' }).waitFor();
      const code = await codeFor(app.server, 'ada.warranties@example.com');
      await page.getByLabel('Enter OTP').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid OTP. Please check and try again.' }).waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: SHOT('code'), fullPage: true });
      await page.getByLabel('Enter OTP').fill(code);
      await page.getByRole('button', { name: 'Verify OTP' }).click();

      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(2);
      const [first, second] = [cards(page).nth(0), cards(page).nth(1)];
      // Newest first: products, the photo's thumbnail, both dates.
      expect(await first.getByRole('heading').textContent()).toContain('Celeste Ring');
      expect(await second.getByRole('heading').textContent()).toContain('Aurora Pendant');
      await first.getByText(`Registered on ${formatDate(NEWER)}`).waitFor();
      await first.getByText(`Covered until ${formatDate(coveredUntil(NEWER))}`).waitFor();
      await second.getByText(`Registered on ${formatDate(OLDER)}`).waitFor();
      await second.getByText(`Covered until ${formatDate(coveredUntil(OLDER))}`).waitFor();
      const photo = first.getByRole('img', { name: 'Photo 1 of 1' });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await second.getByRole('img').count()).toBe(0);
      expect(await page.getByText('Orion Cufflinks').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Register another purchase' }).getAttribute('href')).toBe('/login');
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: SHOT('list'), fullPage: true });

      const certificate = await downloadCertificate(page, first);

      expect(certificate.name).toBe(`warranty-certificate-${newer.$id}.pdf`);

      const text = certificate.text;
      expect(text).toContain('Ada Warranties');
      expect(text).toContain('Celeste Ring');
      expect(text).toContain(formatDate(NEWER));
      expect(text).toContain(formatDate(coveredUntil(NEWER)));

      // A session already in this browser goes straight to the list.
      await page.reload();
      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(2);
      expect(await page.getByLabel('Email Address').count()).toBe(0);

      // Register another purchase opens the wizard.
      await page.getByRole('link', { name: 'Register another purchase' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

      // Signing out ends the session; another customer then sees only their own.
      await page.goto(`${app.server.url}/warranties`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn(page, 'bob.warranties@example.com');
      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(1);
      expect(await cards(page).first().getByRole('heading').textContent()).toContain('Orion Cufflinks');
      for (const theirs of ['Celeste Ring', 'Aurora Pendant']) expect(await page.getByText(theirs).count()).toBe(0);
      expect(await page.getByRole('img').count()).toBe(0);
      expect(older.$id).not.toBe(newer.$id);
    });
  });

  it('tells a customer without registrations so, with the way to register', async () => {
    await inContext(app.browser, PHONE, async (page) => {
      await page.goto(`${app.server.url}/warranties`);
      await signIn(page, 'nobody.yet@example.com');
      await page.getByText('No registrations yet.').waitFor({ timeout: 10_000 });
      await page.screenshot({ path: SHOT('empty'), fullPage: true });
      expect(await page.getByRole('link', { name: 'Register another purchase' }).count()).toBe(1);
      expect(await axeFindings(page)).toEqual([]);
    });
  });
});
