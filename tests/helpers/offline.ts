// A customer's device working offline in Chromium: the page under the app's service worker, and a registration
// submitted while the server cannot be reached, kept on the device.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { readDevice } from './device-db';
import { makeJpeg } from './fixtures';
import { fillSteps4to6, heading } from './wizard-walk';

export const SAVED_HERE = 'Your registration is saved on this device and will be sent automatically';

/** A phone photo of a ring, bigger than the app keeps (the device downscales it before queueing). */
export const ringPhoto = (metal: string) => makeJpeg({ look: 'ring', width: 2600, height: 1800, metal, ground: '#f1e9dc', quality: 92 });

/** Waits until the app's service worker controls the page. */
export async function controlledBySw(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * Steps 4 to 6 with two ring photos, then Submit with the server away: the thank-you page says the registration is
 * saved on this device, the queue pill counts it, and the device holds it with both photos. Returns the device's
 * tables, the record, and its photos as kept (with the file ids they will have on the server).
 */
export async function submitWhileAway(page: Page) {
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
  return { device, entry, kept };
}
