// In a real Chromium at 1440x900 against the real server: "Record a visit" with a photo chosen on the staff member's
// computer (made smaller on the device, previewed, removable) shows the photo with the visit in "Service history",
// and the registration's owner can then read it; a step on a claim that changed meanwhile so it no longer fits keeps
// what was typed and is no longer offered.
import { mkdirSync } from 'node:fs';
import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser';
import { call, report, reportBody, uploadPhoto } from '../helpers/claims';
import { stepButtons, stepDialog } from '../helpers/claims-screen';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { makeJpeg } from '../helpers/fixtures';
import { editDialog, findRow, openEditDialog } from '../helpers/submissions-screen';
import { staffAtDesk } from '../helpers/suite';

const SHOTS = process.env.VISIT_SHOTS_DIR ?? '/tmp/shots/visit-photos';

describe.runIf(chromiumPath)('photos of a care visit, and a stale claim step', () => {
  let mia: Customer;
  let claim: { id: string; number: string };
  const { server, staff, page } = staffAtDesk(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mia = await signedInCustomer(server, 'mia.visitphotos@example.com');
    await createRegistration(mia, { full_name: 'Mia Laurent', selected_product: 'Aurora Pendant' });
    const ivo = await signedInCustomer(server, 'ivo.stale@example.com');
    const ivoReg = await createRegistration(ivo, { full_name: 'Ivo Stale', selected_product: 'Classic Ring' });
    claim = (await report(server, ivo, reportBody(ivoReg.$id, [await uploadPhoto(ivo)]))).body.claim;
  });

  it('"Record a visit" with a photo shows it in "Service history", and the owner can read it', async () => {
    await openEditDialog(page, server.url, 'Mia Laurent');
    const dialog = editDialog(page);
    const history = dialog.getByRole('region', { name: 'Service history' });
    await history.getByText('No visits recorded yet.').waitFor();
    await history.getByRole('button', { name: 'Record a visit' }).click();
    await history.getByLabel('Kind of visit').selectOption({ label: 'Inspection' });
    await history.getByLabel('Notes').fill('Clasp and prongs checked.');

    const photos = history.getByLabel('Photos (optional)');
    const big = await makeJpeg({ look: 'ring', width: 3000, height: 2000, quality: 90 });
    await photos.setInputFiles([
      { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: big },
      { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ look: 'ring', width: 800, height: 600 }) },
    ]);
    const previews = history.getByRole('list', { name: 'Photos of this visit' }).getByRole('img');
    await expect.poll(() => previews.count()).toBe(2);
    await history.getByRole('button', { name: 'Remove photo 2: IMG_0002.jpg' }).click();
    await expect.poll(() => previews.count()).toBe(1);
    // Made smaller on the device: the preview is at most 2048 px wide.
    expect(await previews.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2048);
    await history.getByRole('status').filter({ hasText: 'Sending photos...' }).waitFor({ state: 'detached' });
    await previews.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/record-visit-photo-1440.png` });

    await history.getByRole('button', { name: 'Save visit' }).click();
    const visit = history.locator('.care-visits > li').first();
    await visit.waitFor();
    expect(await visit.innerText()).toMatch(/^Inspection · .+[\s\S]*Clasp and prongs checked\./);
    const shown = visit.getByRole('img');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await visit.getByRole('link', { name: 'Photo 1 of 1, full size' }).getAttribute('href')).toMatch(
      /^\/staff\/photo\/[A-Za-z0-9]+$/,
    );

    await visit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/service-history-photo-1440.png` });

    // The photo is the visit's: the owner reads it with their own session.
    const visits = await call<{ visits: { photo_ids: string[] }[] }>(server, 'getVisits', {
      staff: staff.token,
      query: {
        registration_id: (await mia.as(() => mia.databases.listDocuments({ databaseId: 'warranty', collectionId: 'submissions' })))
          .documents[0]!.$id,
      },
    });
    const [photoId] = visits.body.visits[0]!.photo_ids;
    expect((await mia.as(() => mia.storage.getFile({ bucketId: 'images', fileId: photoId! }))).$id).toBe(photoId);
    await dialog.getByRole('button', { name: 'Cancel' }).last().click();
  });

  it('says more than five photos are too many, and takes five', async () => {
    await (await findRow(page, 'Mia Laurent')).click();
    const history = editDialog(page).getByRole('region', { name: 'Service history' });
    await history.getByRole('button', { name: 'Record a visit' }).click();
    const small = await makeJpeg({ width: 64, height: 48 });
    await history
      .getByLabel('Photos (optional)')
      .setInputFiles(Array.from({ length: 6 }, (_, i) => ({ name: `p${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: small })));
    await history.getByRole('alert').filter({ hasText: 'Add at most 5 photos.' }).waitFor();
    await expect.poll(() => history.getByRole('list', { name: 'Photos of this visit' }).getByRole('img').count()).toBe(5);
    await history.getByRole('button', { name: 'Cancel' }).click();
    await editDialog(page).getByRole('button', { name: 'Cancel' }).last().click();
  });

  it('keeps what was typed when the claim changed so that the step no longer fits, and no longer offers it', async () => {
    await page.goto(`${server.url}/claims/${claim.id}`);
    await page.getByRole('heading', { name: `Claim ${claim.number}` }).waitFor();
    await page.getByRole('button', { name: 'Ask for information' }).click();
    const ask = stepDialog(page, 'Ask for information');
    await ask.getByLabel('Question for the customer').fill('Do you still have the stone that fell out?');
    // Meanwhile another staff member denies the claim.
    const denied = await call(server, 'claimAction', {
      staff: staff.token,
      body: { claim_id: claim.id, event_id: ID.unique(), action: 'deny', message: 'Not covered.', expected_status: 'submitted' },
    });
    expect(denied.status).toBe(200);
    await ask.getByRole('button', { name: 'Send question' }).click();
    const alert = ask.getByRole('alert');
    await alert.filter({ hasText: 'This claim was changed meanwhile: it is "Denied" now.' }).waitFor();
    expect(await alert.innerText()).toMatch(/Status now: Denied[\s\S]*Ask for information is no longer possible for this claim\./);
    expect(await ask.getByLabel('Question for the customer').inputValue()).toBe('Do you still have the stone that fell out?');
    expect(await ask.getByRole('button', { name: 'Send question' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/stale-claim-step-1440.png` });
    await ask.getByRole('button', { name: 'Close' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await stepButtons(page)).not.toContain('Ask for information');
  });
});
