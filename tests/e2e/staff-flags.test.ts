// Staff see what a stored registration claims that the server does not believe (DESIGN.md, "Facts come from the
// server"): a registration written straight to /v1 with a store, a status and a date of its own shows the server's
// facts in the edit dialog, and the claims listed beneath them for staff to check.
import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { chromiumPath, DESK } from '../helpers/browser';
import { signedInCustomer } from '../helpers/customers';
import { registration, signInStaffThroughForm, STAFF } from '../helpers/fixtures';
import { editDialog, findRow } from '../helpers/submissions-screen';
import { appInBrowser } from '../helpers/suite';

const SHOTS = 'test-results';

describe.runIf(chromiumPath)('a registration whose claims the server does not believe', () => {
  const { server, browser } = appInBrowser({ staffEmail: STAFF.email, staffPassword: STAFF.password });

  it('shows staff the facts, and what it claims beneath them', async () => {
    const customer = await signedInCustomer(server, 'claims.everything@example.com');
    await customer.as(() =>
      customer.databases.createDocument({
        databaseId: 'warranty',
        collectionId: 'submissions',
        documentId: ID.unique(),
        data: registration({
          full_name: 'Claire Claims',
          email: customer.email,
          user_id: 'someone-else',
          store: 'Maison Paris',
          status: 'pending',
          submitted_at: '2031-06-01T09:00:00.000Z',
        }),
      }),
    );

    const context = await browser.newContext({ ...DESK, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInStaffThroughForm(page, { from: `${server.url}/submission` });
    const row = await findRow(page, 'Claire Claims');
    expect(await row.locator('td', { hasText: 'Confirmed' }).textContent()).toBe('Confirmed · Check');
    await row.click();
    const dialog = editDialog(page);
    await expect.poll(() => dialog.locator('.subs-status-line p').first().textContent()).toBe('Status Confirmed');
    const flags = dialog.locator('.subs-flags li');
    expect(await flags.allTextContents()).toEqual([
      'The store "Maison Paris" was written by the device, not by an enrolled counter.',
      'The status "pending" was written by the device, not by this server.',
      'The account it names (user_id) is not the account that owns it.',
      expect.stringMatching(
        /^The device dated it 1 June 2031, outside the 30 days before it arrived on \d+ \w+ \d{4}: \d+ \w+ \d{4} is used\.$/,
      ),
    ]);
    await page.screenshot({ path: `${SHOTS}/staff-edit-flags-1440.png` });
    await context.close();
  });
});
