// /warranties in Chromium for a registration staff imported (issue 22, defect 9): staff import a customer's purchase
// from a CSV; the customer opens /warranties on their phone, signs in with the e-mailed code and finds it there beside
// their own, and its certificate downloads as a PDF with their name.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPath, PHONE } from '../helpers/browser';
import { callFunction } from '../helpers/counters';
import { STAFF } from '../helpers/fixtures';
import { codeFor } from '../helpers/server';
import { signIn } from '../helpers/staff';
import { appInBrowser } from '../helpers/suite';

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

    const context = await app.browser.newContext({ ...PHONE, acceptDownloads: true });
    const page = await context.newPage();
    try {
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

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Download certificate' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`warranty-certificate-${id}.pdf`);
      const file = join(mkdtempSync(join(tmpdir(), 'imported-certificate-')), download.suggestedFilename());
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('Rosa Imported');
      expect(text).toContain('Aurora Pendant');
    } finally {
      await context.close();
    }
  });
});
