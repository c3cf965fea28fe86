// /warranties in Chromium for a registration staff imported (issue 22, defect 9): staff import a customer's purchase
// from a CSV; the customer opens /warranties on their phone, signs in with the e-mailed code and finds it there beside
// their own, and its certificate downloads as a PDF with their name.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumPath, inContext, PHONE } from '../helpers/browser';
import { callFunction } from '../helpers/counters';
import { STAFF } from '../helpers/fixtures';
import { codeFor } from '../helpers/server';
import { signIn } from '../helpers/staff';
import { appInBrowser } from '../helpers/suite';
import { downloadCertificate } from '../helpers/warranties-page';

const SHOTS = '/tmp/shots/server';

describe.runIf(chromiumPath)('/warranties with a registration staff imported', () => {
  const app = appInBrowser({ staffEmail: STAFF.email, staffPassword: STAFF.password });

  it('shows it to its owner after the e-mailed code, and its certificate downloads', async () => {
    const staffToken = await signIn(app.server, STAFF.email, STAFF.password);
    const res = await callFunction(app.server, 'importToAppwrite', {
      auth: staffToken,
      body: {
        data: [
          { 'Full Name': 'Rosa Imported', Email: 'Rosa.Parks@Example.com', SKU: 'AUR-001', Product: 'Aurora Pendant' },
          { 'Full Name': 'Someone Else', Email: 'someone.else@example.com', SKU: 'ORI-003', Product: 'Orion Cufflinks' },
        ],
      },
    });
    const { results } = (await res.json()) as { results: { id: string; status: string }[] };
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    const id = results[0]!.id;

    await inContext(app.browser, { ...PHONE, acceptDownloads: true }, async (page) => {
      await page.goto(`${app.server.url}/warranties`);
      await page.getByLabel('Email Address').fill('rosa.parks@example.com');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByLabel('Enter OTP').fill(await codeFor(app.server, 'rosa.parks@example.com'));
      await page.getByRole('button', { name: 'Verify OTP' }).click();

      const card = page.getByRole('article');
      await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
      expect(await card.getByRole('heading').textContent()).toContain('Aurora Pendant');
      await card.getByText(/^Covered until /).waitFor();
      expect(await page.getByText('Orion Cufflinks').count()).toBe(0);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/warranties-imported.png`, fullPage: true });

      const certificate = await downloadCertificate(page, card);

      expect(certificate.name).toBe(`warranty-certificate-${id}.pdf`);

      const text = certificate.text;
      expect(text).toContain('Rosa Imported');
      expect(text).toContain('Aurora Pendant');
    });
  });
});
