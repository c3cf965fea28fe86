// Claims and care on /warranties in Chromium at phone size against the real server: a customer reports a problem from
// their card (the form's messages, a photo made small on the device), sees "Claim C-……" and "Submitted"; staff ask a
// question and the card shows it with "Reply", whose answer returns the claim to "Submitted"; a report sent offline is
// kept with its number and reaches the server exactly once when the network returns; a registration past coverage says
// so instead of offering a report; a recorded inspection shows on its card.
import { mkdirSync } from 'node:fs';
import { ID, Query } from 'appwrite';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coveredUntil, formatDate } from '@/shared/warranty';
import { chromiumPath, DESK, PHONE } from '../helpers/browser';
import { call, CLAIMS } from '../helpers/claims';
import { admin } from '../helpers/counters';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { STAFF } from '../helpers/fixtures';
import { ringPhoto } from '../helpers/offline';
import { signIn as staffSignIn } from '../helpers/staff';
import { appInBrowser } from '../helpers/suite';
import { onWarranties } from '../helpers/warranties-page';
import { axeFindings } from '../helpers/axe';

const SHOTS = '/tmp/shots/claims-customer';
const SAVED = "Saved on this device. It will be sent when you're back online.";
const NUMBER = /Claim (C-[2-9A-HJ-NP-Z]{6})/;
const DETAILS = 'The clasp opened by itself and the chain fell off at dinner.';

describe.runIf(chromiumPath)('claims and care on /warranties', () => {
  const app = appInBrowser({ staffEmail: STAFF.email, staffPassword: STAFF.password });

  /**
   * A new customer `email` with one registration of `fields`, signed in on /warranties at phone size: `use` gets the
   * page, the registration's card and its id.
   */
  async function onOwnCard(
    email: string,
    fields: Record<string, unknown>,
    use: (page: Page, card: Locator, registrationId: string) => Promise<void>,
  ) {
    const customer = await signedInCustomer(app.server, email);
    const reg = await createRegistration(customer, fields);
    await onWarranties(app.browser, app.server, email, (page) => use(page, page.getByRole('article'), reg.$id));
  }

  /** A screenshot at phone size and at desk size. */
  async function shoot(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
    await page.setViewportSize(DESK.viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
    await page.setViewportSize(PHONE.viewport);
  }

  /** Fills the open report form: problem, words, one photo (made small on the device), delivery. */
  async function fillReport(page: Page) {
    const form = page.getByRole('form', { name: 'Report a problem' });
    await form.getByRole('radio', { name: 'Broken chain or clasp' }).check();
    await form.getByLabel('Tell us more').fill(DETAILS);
    await form.locator('input[type=file]').setInputFiles({
      name: 'clasp.jpg',
      mimeType: 'image/jpeg',
      buffer: await ringPhoto('#c9a24a'),
    });
    await form.getByRole('img', { name: 'clasp.jpg' }).waitFor({ timeout: 20_000 });
    await form.getByRole('radio', { name: 'At a store' }).check();
    return form;
  }

  const claimsOf = async (registrationId: string) =>
    (await admin(app.server).databases.listDocuments({ ...CLAIMS, queries: [Query.equal('registration_id', [registrationId])] }))
      .documents as unknown as {
      $id: string;
      number: string;
      status: string;
      photo_ids: string;
    }[];

  it('reports a problem with a photo, then answers the staff question with "Reply"', async () => {
    await onOwnCard('ada.claims.web@example.com', { full_name: 'Ada Claims', product_sku: 'Aurora Pendant' }, async (page, card, reg) => {
      await card.getByRole('button', { name: 'Report a problem' }).waitFor();
      await shoot(page, 'card-report-a-problem');

      await card.getByRole('button', { name: 'Report a problem' }).click();
      const form = page.getByRole('form', { name: 'Report a problem' });
      await form.getByRole('heading', { name: 'Report a problem' }).waitFor();
      await form.getByLabel('Tell us more').fill('   ');
      await form.getByRole('button', { name: 'Send report' }).click();
      for (const message of [
        'Choose what happened.',
        'Tell us what happened.',
        'Add at least one photo of the problem.',
        'Choose how you will bring us the piece.',
      ])
        await form.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await form.getByLabel('Tell us more').getAttribute('aria-invalid')).toBe('true');
      expect(await axeFindings(page)).toEqual([]);
      await shoot(page, 'form-errors');
      expect(await claimsOf(reg)).toHaveLength(0);

      await fillReport(page);
      await form.getByRole('button', { name: 'Send report' }).click();
      await card.getByText('Submitted', { exact: true }).waitFor({ timeout: 20_000 });
      const shown = NUMBER.exec((await card.getByRole('heading', { name: NUMBER }).textContent()) ?? '')![1];
      const [stored] = await claimsOf(reg);
      expect(stored).toMatchObject({ number: shown, status: 'submitted' });
      expect(stored!.photo_ids.split(',')).toHaveLength(1);
      expect(await card.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);

      // Staff ask a question: the card shows it with "Reply".
      const staff = await staffSignIn(app.server, STAFF.email, STAFF.password);
      const asked = await call(app.server, 'claimAction', {
        staff,
        body: {
          claim_id: stored!.$id,
          event_id: ID.unique(),
          action: 'ask',
          message: 'Which side of the clasp broke?',
          expected_status: 'submitted',
        },
      });
      expect(asked.status).toBe(200);
      await page.reload();
      await card.getByText('Needs information', { exact: true }).waitFor({ timeout: 10_000 });
      await card.getByText('Which side of the clasp broke?').waitFor();
      await card.getByRole('button', { name: 'Reply' }).click();
      const reply = page.getByRole('form', { name: 'Reply' });
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await reply.getByRole('alert').filter({ hasText: 'Write your reply.' }).waitFor();
      await reply.getByLabel('Your reply').fill('The left side, where the ring meets the chain.');
      expect(await axeFindings(page)).toEqual([]);
      await shoot(page, 'needs-information-reply');
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await card.getByText('Submitted', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await card.getByRole('button', { name: 'Reply' }).count()).toBe(0);
      expect((await claimsOf(reg))[0]!.status).toBe('submitted');
    });
  });

  it('keeps a report made offline with its number, and sends it exactly once when the network returns', async () => {
    await onOwnCard('bea.claims.web@example.com', { full_name: 'Bea Offline', product_sku: 'Celeste Ring' }, async (page, card, reg) => {
      await card.getByRole('button', { name: 'Report a problem' }).click();
      const form = await fillReport(page);
      await page.context().setOffline(true);
      await form.getByRole('button', { name: 'Send report' }).click();
      await card.getByText(SAVED).waitFor({ timeout: 10_000 });
      const shown = NUMBER.exec((await card.getByRole('heading', { name: NUMBER }).textContent()) ?? '')![1];
      expect(await card.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
      expect(await axeFindings(page)).toEqual([]);
      await shoot(page, 'saved-offline');
      expect(await claimsOf(reg)).toHaveLength(0);

      await page.context().setOffline(false);
      await card.getByText('Submitted', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await card.getByRole('heading', { name: NUMBER }).textContent()).toBe(`Claim ${shown}`);
      // Back again later (another run, a reload): still one claim.
      await page.reload();
      await card.getByText('Submitted', { exact: true }).waitFor({ timeout: 10_000 });
      const claims = await claimsOf(reg);
      expect(claims.map((c) => c.number)).toEqual([shown]);
    });
  });

  it('says when coverage ended instead of offering a report, and shows the last inspection', async () => {
    const cy = await signedInCustomer(app.server, 'cy.claims.web@example.com');
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const old = await createRegistration(cy, { full_name: 'Cy Care', product_sku: 'Orion Cufflinks', submitted_at: longAgo });
    // Arrived then too, as a registration of that day did (the server counts coverage from its arrival at most).
    app.server.db.prepare('UPDATE documents SET created_at = ? WHERE id = ?').run(longAgo.replace('Z', '+00:00'), old.$id);
    const recent = await createRegistration(cy, { full_name: 'Cy Care', product_sku: 'Aurora Pendant' });
    const staff = await staffSignIn(app.server, STAFF.email, STAFF.password);
    const visited = await call<{ visit: { at: string } }>(app.server, 'recordVisit', {
      staff,
      body: { id: ID.unique(), registration_id: recent.$id, kind: 'inspection', notes: 'Prongs tight.' },
    });
    expect(visited.status).toBe(200);

    await onWarranties(app.browser, app.server, cy.email, async (page) => {
      const ended = page.getByRole('article').filter({ hasText: 'Orion Cufflinks' });
      await ended.getByText(`Coverage ended on ${formatDate(coveredUntil(longAgo))}`).waitFor();
      expect(await ended.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
      const inspected = page.getByRole('article').filter({ hasText: 'Aurora Pendant' });
      await inspected.getByText(`Last inspection: ${formatDate(visited.body.visit.at)}`).waitFor();
      await inspected.getByRole('button', { name: 'Report a problem' }).waitFor();
      await shoot(page, 'past-coverage');
    });
  });
});
