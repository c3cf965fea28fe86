// Deployed mode, one claim end to end on the site as Netlify serves it: a customer with a confirmed registration
// reports a problem with a photo on /warranties (reportProblem in the site's bundled function), staff find it in
// getClaims and approve it (claimAction), and the customer's card shows "Approved". The update's e-mail is recorded
// once, as not configured (the site has no SMTP_URL).
import { ID } from 'node-appwrite';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser';
import { call } from '../helpers/claims';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { STAFF } from '../helpers/fixtures';
import { handOffs } from '../helpers/hand-offs';
import { deploymentForSuite, onSitePage } from '../helpers/netlify-site';
import { ringPhoto } from '../helpers/offline';
import { adminClient } from '../helpers/server';
import { signIn } from '../helpers/staff';
import { browserForSuite } from '../helpers/suite';

const NUMBER = /Claim (C-[2-9A-HJ-NP-Z]{6})/;
type Row = { id: string; number: string; status: string; customer: string; product: string };

describe.runIf(chromiumPath)('deployed: a claim', () => {
  const d = deploymentForSuite();
  const browser = browserForSuite();

  it('is reported with a photo, approved by staff, and shown approved to the customer', async () => {
    const email = 'ada.claim.deployed@example.com';
    const ada = await signedInCustomer(d.backend, email, (e) => d.codes.next(e));
    const reg = await createRegistration(ada, { full_name: 'Ada Deployed', product_sku: 'Celeste Ring' });
    await onSitePage(d, browser, async (page, blocked) => {
      await page.goto(`${d.url}/warranties`);
      await page.getByRole('heading', { level: 1, name: 'Your warranties' }).waitFor();
      const before = await d.codes.latest(email);
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByLabel('Enter OTP').fill(await d.codes.next(email, before));
      await page.getByRole('button', { name: 'Verify OTP' }).click();

      const card = page.getByRole('article');
      await card.getByRole('button', { name: 'Report a problem' }).click({ timeout: 15_000 });
      const form = page.getByRole('form', { name: 'Report a problem' });
      await form.getByRole('radio', { name: 'Broken chain or clasp' }).check();
      await form.getByLabel('Tell us more').fill('The clasp opened by itself and the chain fell off.');
      await form
        .locator('input[type=file]')
        .setInputFiles({ name: 'clasp.jpg', mimeType: 'image/jpeg', buffer: await ringPhoto('#c9a24a') });
      await form.getByRole('img', { name: 'clasp.jpg' }).waitFor({ timeout: 20_000 });
      await form.getByRole('radio', { name: 'At a store' }).check();
      await form.getByRole('button', { name: 'Send report' }).click();
      // The emulation bundles each function on its first call: the first report may take a while.
      await card.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
      const number = NUMBER.exec((await card.getByRole('heading', { name: NUMBER }).textContent()) ?? '')![1]!;

      // The photo is on the backend, the claim's, and the customer's to read.
      const claims = await adminClient(d.backend).databases.listDocuments({ databaseId: 'warranty', collectionId: 'claims' });
      expect(claims.documents.map((c) => [c.number, c.registration_id, String(c.photo_ids).split(',').length])).toEqual([
        [number, reg.$id, 1],
      ]);
      const photoId = String(claims.documents[0]!.photo_ids);
      expect((await ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId: photoId }))).mimeType).toBe('image/jpeg');

      // Staff find it in the site's getClaims and approve it through the site's claimAction.
      const staff = await signIn(d.backend, STAFF.email, STAFF.password);
      const site = { url: d.url };
      const listed = await call<{ claims: Row[] }>(site, 'getClaims', { staff });
      expect(listed.status).toBe(200);
      expect(listed.body.claims).toEqual([expect.objectContaining({ number, status: 'submitted', customer: 'Ada Deployed' })]);
      const eventId = ID.unique();
      const approved = await call<{ claim: Row }>(site, 'claimAction', {
        staff,
        body: {
          claim_id: listed.body.claims[0]!.id,
          event_id: eventId,
          action: 'approve',
          resolution: 'repair',
          expected_status: 'submitted',
        },
      });
      expect([approved.status, approved.body.claim?.status]).toEqual([200, 'approved']);

      await page.reload();
      await card.getByText('Approved', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await card.getByRole('heading', { name: NUMBER }).textContent()).toBe(`Claim ${number}`);

      // "Update on your claim": one e-mail for the step, recorded as not configured (the site has no SMTP_URL).
      await expect
        .poll(async () => (await handOffs(d.backend)).filter((e) => e.action.startsWith('claim.mail.')).map((e) => e.action), {
          timeout: 10_000,
        })
        .toEqual([`claim.mail.${eventId}.not_configured`]);
      expect(blocked).toEqual([]);
    });
  });
});
