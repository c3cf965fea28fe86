// Issue 22 in Chromium at phone size against the real server, each defect as a customer met it: a name longer than the
// server takes, a registration the server set aside (fixed on the device, arriving once), a code tried five times
// wrong, Send OTP offline, browser Back and Forward between steps, the thank-you screen, and the start page's link.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Query } from 'node-appwrite';
import { DESK, inContext, PHONE } from '../helpers/browser';
import { readDevice, seedOutbox, seedRecord } from '../helpers/device-db';
import { makeJpeg } from '../helpers/fixtures';
import { adminClient, codeFor, latestCode } from '../helpers/server';
import { appInBrowser } from '../helpers/suite';
import { signInToWarranties } from '../helpers/warranties-page';
import { atStep, heading, passNameStep, phoneAndAddress, STEP6, verifyEmail } from '../helpers/wizard-walk';

const SHOT = (name: string) => `test-results/right-data-${name}.png`;
const LONG_NAME = 'Alexandra Lovelace-Byron '.repeat(18) + 'Jr'; // 452 characters
const NAME_LIMIT = 'Your full name must be 255 characters or fewer.';
const UNREACHABLE = "We can't reach the server. Check your connection and try again.";
const DEAD_CODE = 'This code can no longer be used. Press Resend OTP for a new one.';

describe('Right data in the wizard (issue 22)', () => {
  const app = appInBrowser();

  async function documentsOf(email: string) {
    const list = await adminClient(app.server).databases.listDocuments({
      databaseId: 'warranty',
      collectionId: 'submissions',
      queries: [Query.equal('email', email)],
    });
    return list.documents;
  }

  /** Steps 1 and 2; ends on step 3 with a code on its way. */
  async function toCodeStep(page: Page, email: string) {
    await page.goto(`${app.server.url}/login`);
    await passNameStep(page);
    const before = await latestCode(app.server.url, email).catch(() => undefined);
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await atStep(page, 'Enter OTP');
    return codeFor(app.server, email, before);
  }

  it('refuses a 452-character name on step 1 with the limit, keeping what was typed', async () => {
    expect(LONG_NAME).toHaveLength(452);
    await inContext(app.browser, PHONE, async (page) => {
      await page.goto(`${app.server.url}/login`);
      await atStep(page, 'Your Full Name');
      await page.getByLabel('Your Full Name').fill(LONG_NAME);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('alert').filter({ hasText: NAME_LIMIT }).waitFor();
      expect(await heading(page).textContent()).toBe('Your Full Name');
      expect(await page.getByLabel('Your Full Name').inputValue()).toBe(LONG_NAME);
      await page.screenshot({ path: SHOT('1-name-limit') });
      // Within the limit it goes on.
      await page.getByLabel('Your Full Name').fill(LONG_NAME.slice(0, 255));
      await page.getByLabel('Your Full Name').press('Enter');
      await atStep(page, 'Email Address');
    });
  });

  it('shows a registration the server set aside plainly, and fixing it on the device sends it once', async () => {
    const email = 'set.aside@example.com';
    await inContext(app.browser, PHONE, async (page) => {
      await page.goto(`${app.server.url}/login`);
      await verifyEmail(page, app.server, email);
      const userId = (app.server.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string }).id;
      // Queued by an earlier version of the app, which took any name: the server refuses it as it is.
      const jpeg = await makeJpeg({ look: 'ring', width: 800, height: 600 });
      const record = seedRecord(1, userId, email, [
        { name: 'ring.jpg', type: 'image/jpeg', bytes: new Uint8Array(jpeg), width: 800, height: 600 },
      ]);
      record.entry.fields.full_name = LONG_NAME;
      await seedOutbox(page, [record]);
      await page.reload();

      const pill = page.locator('.queue-pill');
      await expect.poll(() => pill.textContent(), { timeout: 20_000 }).toContain('1 registration not sent');
      const text = (await pill.textContent()) ?? '';
      expect(text).toContain('Your full name is longer than the 255 characters the server takes.');
      expect(text).not.toMatch(/Attribute|chars|Invalid|Refused/);
      const device = await readDevice(page);
      expect(device.outbox).toEqual([expect.objectContaining({ id: record.entry.id, status: 'rejected' })]);
      await page.screenshot({ path: SHOT('2-queue-set-aside') });

      // Fix it: the wizard opens on step 1 with the name as it was, and says why.
      await pill.getByRole('button', { name: 'Fix it' }).click();
      await atStep(page, 'Your Full Name', 15_000);
      expect(await page.getByLabel('Your Full Name').inputValue()).toBe(LONG_NAME);
      await page.getByRole('alert').filter({ hasText: NAME_LIMIT }).waitFor();
      await page.screenshot({ path: SHOT('3-fix-step-1') });
      // Still on the device until the fix is queued.
      expect((await readDevice(page)).outbox).toHaveLength(1);

      await page.getByLabel('Your Full Name').fill('Alexandra Lovelace-Byron');
      await page.getByRole('button', { name: 'Next' }).click();
      await atStep(page, 'Email Address');
      expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
      await verifyEmail(page, app.server, email);
      // What was typed comes back on every step.
      expect(await page.getByLabel('Phone number').inputValue()).toBe('5550000001');
      await page.getByRole('button', { name: 'Next' }).click();
      await atStep(page, 'Address');
      expect(await page.getByLabel('Address line 1').inputValue()).toBe('1 Elm Street');
      await page.getByRole('button', { name: 'Next' }).click();
      await atStep(page, STEP6);
      await page.getByRole('img', { name: 'ring.jpg' }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await atStep(page, 'Thank you!', 20_000);

      // Once, under the record's own id, with the fixed name and its photo.
      await expect.poll(() => documentsOf(email).then((d) => d.length), { timeout: 20_000 }).toBe(1);
      const [doc] = await documentsOf(email);
      expect(doc).toMatchObject({ $id: record.entry.id, full_name: 'Alexandra Lovelace-Byron', address: record.entry.fields.address });
      expect(String(doc!.image_file_id).split(',')).toHaveLength(1);
      await expect.poll(async () => (await readDevice(page)).outbox.length, { timeout: 20_000 }).toBe(0);
      // The pill reads the outbox again within a quarter of a second of its last change.
      await expect.poll(() => page.locator('.queue-pill').count()).toBe(0);
    });
  });

  it('says a code is spent after the fifth wrong try, and Resend OTP gives one that works', async () => {
    const email = 'five.wrong@example.com';
    await inContext(app.browser, PHONE, async (page) => {
      const code = await toCodeStep(page, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 5; i++) {
        await page.getByLabel('Enter OTP').fill(wrong);
        await page.getByRole('button', { name: 'Verify OTP' }).click();
        const expected = i < 5 ? 'Invalid OTP. Please check and try again.' : DEAD_CODE;
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(`Error: ${expected}`);
        await expect.poll(() => page.getByRole('button', { name: 'Verify OTP' }).isEnabled()).toBe(true);
      }
      // Even the right code no longer works, and the wizard says so rather than "Invalid OTP".
      await page.getByLabel('Enter OTP').fill(code);
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(`Error: ${DEAD_CODE}`);
      await page.screenshot({ path: SHOT('4-code-dead') });
      await page.getByRole('button', { name: 'Resend OTP' }).click();
      await page.getByText(`A new code is on its way to ${email}.`).waitFor();
      await page.getByLabel('Enter OTP').fill(await codeFor(app.server, email));
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.getByText('OTP verified successfully!').waitFor();
    });
  });

  it('says the server cannot be reached when Send OTP is pressed offline, never "Failed to fetch"', async () => {
    await inContext(app.browser, PHONE, async (page, context) => {
      await page.goto(`${app.server.url}/login`);
      await passNameStep(page);
      await page.getByLabel('Email Address').fill('offline.step2@example.com');
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByRole('alert').filter({ hasText: UNREACHABLE }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('Failed to fetch');
      expect(await heading(page).textContent()).toBe('Email Address');
      await context.setOffline(false);
    });
  });

  it('moves between steps with browser Back and Forward, and a reload keeps the stored step', async () => {
    await inContext(app.browser, PHONE, async (page) => {
      await page.goto(app.server.url);
      await page.getByRole('link', { name: 'Start' }).click();
      await passNameStep(page);
      // Back from step 2 is step 1, not the start page.
      await page.goBack();
      await atStep(page, 'Your Full Name');
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.getByLabel('Your Full Name').inputValue()).toBe('Ada Lovelace');
      await page.goForward();
      await atStep(page, 'Email Address');
      const email = 'back.forward@example.com';
      const before = await latestCode(app.server.url, email).catch(() => undefined);
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await atStep(page, 'Enter OTP');
      await codeFor(app.server, email, before);

      await page.goBack();
      await atStep(page, 'Email Address');
      await page.goForward();
      await atStep(page, 'Enter OTP');
      expect(await page.getByText(`We sent a 6-digit code to ${email}.`).count()).toBe(1);
      // The stored step wins on reload; the entries still lead back.
      await page.reload();
      await atStep(page, 'Enter OTP');
      await page.goBack();
      await atStep(page, 'Email Address');
      // The wizard's own Back is the same move, and Forward returns from it.
      await page.getByRole('button', { name: 'Back' }).click();
      await atStep(page, 'Your Full Name');
      await page.goForward();
      await atStep(page, 'Email Address');
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it("thanks with where the certificate went and a link to the customer's warranties", async () => {
    const email = 'thanks.link@example.com';
    await inContext(app.browser, PHONE, async (page) => {
      await page.goto(`${app.server.url}/login`);
      await verifyEmail(page, app.server, email);
      await atStep(page, 'Phone Number');
      await phoneAndAddress(page);
      await page.getByLabel('Product name or SKU').fill('nck-1018-wg');
      await page.getByRole('button', { name: /Ines Diamond Necklace/ }).click();
      await page.getByRole('button', { name: 'Remove Ines Diamond Necklace' }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await atStep(page, 'Thank you!', 20_000);
      await page.getByText(`We've emailed your warranty certificate to ${email}.`).waitFor();
      const link = page.getByRole('link', { name: 'See your warranties' });
      expect(await link.getAttribute('href')).toBe('/warranties');
      await page.screenshot({ path: SHOT('5-thanks'), fullPage: true });
      await link.click();
      // Signed in there, "Register another purchase" keeps to one line at 390 px.
      await signInToWarranties(page, app.server, email);
      const again = page.getByRole('link', { name: 'Register another purchase' });
      await again.waitFor({ timeout: 10_000 });
      const lines = await again.evaluate((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      await page.screenshot({ path: SHOT('7-warranties'), fullPage: true });
    });
  });

  it("links the start page to the customer's warranties, at phone and desk sizes", async () => {
    for (const [size, options] of [
      ['phone', PHONE],
      ['desk', DESK],
    ] as const) {
      await inContext(app.browser, options, async (page) => {
        await page.goto(app.server.url);
        const link = page.getByRole('link', { name: 'Already registered? See your warranties' });
        expect(await link.getAttribute('href')).toBe('/warranties');
        expect(await link.isVisible()).toBe(true);
        await page.screenshot({ path: SHOT(`6-start-${size}`) });
        await link.click();
        await page.getByRole('heading', { level: 1, name: 'Your warranties' }).waitFor();
      });
    }
  });
});
