// In a real Chromium at 1440x900 against the real server: staff file a claim at the counter from the edit dialog with
// "New claim" and two photos taken there (made smaller on the device, sent as chosen), the claim's page shows both,
// and the customer's /warranties card shows the claim; a photo chosen offline is said so, what was typed kept. (Photos
// the server refuses: tests/integration/claim-staff-photos.)
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser';
import { admin } from '../helpers/counters';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { makeJpeg } from '../helpers/fixtures';
import { editDialog, openEditDialog } from '../helpers/submissions-screen';
import { staffAtDesk } from '../helpers/suite';
import { onWarranties } from '../helpers/warranties-page';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/staff-claim-photos';
const NUMBER = /Claim (C-[2-9A-HJ-NP-Z]{6})/;
const DETAILS = 'A prong caught on a sweater and bent outwards.';

describe.runIf(chromiumPath)('"New claim" with photos taken at the counter', () => {
  let lea: Customer;
  const { server, browser, page } = staffAtDesk(async () => {
    mkdirSync(SHOTS, { recursive: true });
    lea = await signedInCustomer(server, 'lea.counterclaim@example.com');
    await createRegistration(lea, { full_name: 'Léa Counter', selected_product: 'Solitaire Ring' });
  });

  it('opens the claim with two photos: its page shows them, and the customer sees the claim on their card', async () => {
    await openEditDialog(page, server.url, 'Léa Counter');
    const claims = editDialog(page).getByRole('region', { name: 'Claims' });
    await claims.getByRole('button', { name: 'New claim' }).click();
    await claims.getByLabel('What happened?').selectOption({ label: 'Bent or worn prong' });
    await claims.getByLabel('How will you bring us the piece?').selectOption({ label: 'At a store' });
    await claims.getByLabel('Tell us more').fill(DETAILS);

    // Chosen while the device is offline: said plainly, what was typed kept, nothing sent.
    await page.context().setOffline(true);
    const small = await makeJpeg({ look: 'ring', width: 800, height: 600 });
    await claims
      .getByLabel('Photos of the problem (optional)')
      .setInputFiles([{ name: 'IMG_2000.jpg', mimeType: 'image/jpeg', buffer: small }]);
    await claims.getByRole('alert').filter({ hasText: 'This device is offline. Add the photos again once it is back online.' }).waitFor();
    expect(await claims.getByLabel('Tell us more').inputValue()).toBe(DETAILS);
    expect(await claims.getByRole('list', { name: 'Photos of the problem' }).count()).toBe(0);
    await page.context().setOffline(false);

    const big = await makeJpeg({ look: 'ring', width: 4000, height: 3000, quality: 90 });
    await claims.getByLabel('Photos of the problem (optional)').setInputFiles([
      { name: 'IMG_2001.jpg', mimeType: 'image/jpeg', buffer: big },
      { name: 'IMG_2002.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ look: 'ring', width: 1200, height: 900 }) },
    ]);
    const previews = claims.getByRole('list', { name: 'Photos of the problem' }).getByRole('img');
    await expect.poll(() => previews.count()).toBe(2);
    // Made smaller on the device: the 4000 px photo is sent at most 2048 px wide.
    expect(await previews.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(2048);
    await claims.getByRole('status').filter({ hasText: 'Sending photos...' }).waitFor({ state: 'detached', timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/new-claim-photos-1440.png` });

    await claims.getByRole('button', { name: 'Open claim' }).click();
    const opened = claims.getByRole('status').filter({ hasText: /^Claim C-[2-9A-HJ-NP-Z]{6} was opened\./ });
    await opened.waitFor({ timeout: 20_000 });
    const number = NUMBER.exec((await opened.textContent()) ?? '')![1]!;
    const stored = await admin(server).databases.listDocuments({ databaseId: 'warranty', collectionId: 'claims' });
    expect(stored.documents.map((d) => [d.number, String(d.photo_ids).split(',').length])).toEqual([[number, 2]]);

    await claims.getByRole('link', { name: `Open Claim ${number}` }).click();
    await page.getByRole('heading', { name: `Claim ${number}` }).waitFor();
    const reportRegion = page.getByRole('region', { name: 'Report' });
    expect(await reportRegion.innerText()).toContain(DETAILS);
    const shown = reportRegion.getByRole('img');
    await expect.poll(() => shown.count()).toBe(2);
    await expect
      .poll(() => shown.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0)))
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/claim-page-photos-1440.png`, fullPage: true });

    // The customer's card on /warranties shows the claim the store opened.
    await onWarranties(browser, server, lea.email, async (customer) => {
      const card = customer.getByRole('article').filter({ hasText: 'Solitaire Ring' });
      await card.getByRole('heading', { name: `Claim ${number}` }).waitFor({ timeout: 15_000 });
      await card.getByText('Submitted', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
      await customer.screenshot({ path: `${SHOTS}/customer-card-390.png`, fullPage: true });
    });
  });
});
