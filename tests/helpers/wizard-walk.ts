// A customer walking the real wizard in Chromium (the code from the dev mailbox or a mail server, steps 4 to 6), and
// the registration the server then holds.
import { Query } from 'node-appwrite';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { adminClient, codeFor, latestCode, type TestServer } from './server';

// The visible one: login.html carries a hidden prerendered step 1 on a device with a saved run until the app takes over.
export const heading = (page: Page) => page.locator('h1:visible').first();
export const atStep = (page: Page, title: string, timeout = 5000) =>
  expect.poll(() => heading(page).textContent(), { timeout }).toBe(title);
export const STEP6 = 'Upload a product image or enter a SKU number';

/** Where a customer's one-time codes arrive: a server's dev mailbox, or the mail server a deployed backend sends to. */
export type CodeSource = {
  latest(email: string): Promise<string | undefined>;
  /** Waits for a code newer than `notBefore`. */
  next(email: string, notBefore?: string): Promise<string>;
};

const devMailbox = (server: TestServer): CodeSource => ({
  latest: (email) => latestCode(server.url, email).catch(() => undefined),
  next: (email, notBefore) => codeFor(server, email, notBefore),
});

/** Step 1 with `name` typed and Next pressed; ends on step 2. */
export async function passNameStep(page: Page, name = 'Ada Lovelace') {
  await atStep(page, 'Your Full Name');
  await page.getByLabel('Your Full Name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, 'Email Address');
}

/** From step 1 (or step 2 when the name is known) to the verified code; ends on the step after verification. */
export async function verifyEmail(page: Page, from: TestServer | CodeSource, email: string, name = 'Ada Lovelace') {
  const codes = 'next' in from ? from : devMailbox(from);
  await expect.poll(() => heading(page).textContent()).toMatch(/^(Your Full Name|Email Address)$/);
  if ((await heading(page).textContent()) === 'Your Full Name') {
    await page.getByLabel('Your Full Name').fill(name);
    await page.getByLabel('Your Full Name').press('Enter');
  }
  await atStep(page, 'Email Address');
  const before = await codes.latest(email);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await atStep(page, 'Enter OTP');
  await page.getByLabel('Enter OTP').fill(await codes.next(email, before));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.getByText('OTP verified successfully!').waitFor();
}

/** The address `phoneAndAddress` types, as the registration holds it. */
export const TYPED_ADDRESS = '9 Oak Avenue, Springfield, IL, 62704, United States';

export type TypedAddress = { line1: string; line2?: string; city: string; state: string; zip: string };

/** Step 5's fields typed by hand, the suggestions waved away with Escape; Next left unpressed. */
export async function typeAddress(page: Page, a: TypedAddress) {
  await page.getByLabel('Address line 1').fill(a.line1);
  await page.getByLabel('Address line 1').press('Escape');
  if (a.line2 !== undefined) await page.getByLabel('Apartment, suite, etc. (optional)').fill(a.line2);
  await page.getByLabel('City').fill(a.city);
  await page.getByLabel('State').selectOption(a.state);
  await page.getByLabel('ZIP code').fill(a.zip);
}

/** The address `phoneAndAddress` types. */
export const OAK_AVENUE: TypedAddress = { line1: '9 Oak Avenue', city: 'Springfield', state: 'IL', zip: '62704' };

/** Steps 4 and 5 with an address typed by hand (no address lookup: works with the server stopped); ends on step 6. */
export async function phoneAndAddress(page: Page) {
  await page.getByLabel('Phone number').fill('5551234567');
  await page.getByLabel('Phone number').press('Enter');
  await atStep(page, 'Address');
  await typeAddress(page, OAK_AVENUE);
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, STEP6);
}

/** Steps 4 to 6 (works with the server stopped: the catalog from the device); leaves Submit unpressed. */
export async function fillSteps4to6(page: Page, photos: { name: string; buffer: Buffer }[]) {
  await atStep(page, 'Phone Number');
  await phoneAndAddress(page);
  if (photos.length) {
    await page.locator('#photos').setInputFiles(photos.map((p) => ({ name: p.name, mimeType: 'image/jpeg', buffer: p.buffer })));
    for (const p of photos) await page.getByRole('img', { name: p.name }).waitFor();
  }
}

/** The server's copy of a registration, read with the API key as staff tools do. */
export async function registrationOf(server: TestServer, email: string) {
  const { databases, storage } = adminClient(server);
  const list = await databases.listDocuments({
    databaseId: 'warranty',
    collectionId: 'submissions',
    queries: [Query.equal('email', email)],
  });
  expect(list.total).toBe(1);
  const doc = list.documents[0]!;
  const photos = await Promise.all(
    String(doc.image_file_id)
      .split(',')
      .filter(Boolean)
      .map(async (fileId) => {
        const file = await storage.getFile({ bucketId: 'images', fileId });
        const meta = await sharp(Buffer.from(await storage.getFileDownload({ bucketId: 'images', fileId }))).metadata();
        return { name: file.name, type: file.mimeType, width: meta.width, height: meta.height, format: meta.format };
      }),
  );
  return { doc, photos };
}
