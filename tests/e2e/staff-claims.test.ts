// The staff's side of claims in a real Chromium at 1440x900 against the real server: the Claims table (open claims
// first, filters, search), a claim's page with its timeline and exactly the steps its status allows, each step
// through its dialog, a step on a claim someone else changed meanwhile, and from the edit dialog "New claim" and
// "Service history". Claims are reported through the customer functions, as the customer's app sends them.
import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { axeFindings } from '../helpers/axe';
import { chromiumPath, DESK } from '../helpers/browser';
import { call, report, reportBody, uploadPhoto } from '../helpers/claims';
import { claimStatus, shownNumbers, shownStatuses, stepButtons, stepDialog, timeline } from '../helpers/claims-screen';
import { callFunction, enrol, registrationBody } from '../helpers/counters';
import { createRegistration, jwtOf, signedInCustomer } from '../helpers/customers';
import { STAFF } from '../helpers/fixtures';
import { editDialog, findRow } from '../helpers/submissions-screen';
import { staffAtDesk } from '../helpers/suite';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

type Claim = { id: string; number: string; status: string };

describe.runIf(chromiumPath)('staff claims screens', () => {
  let ada: Claim; // submitted: worked from question to close
  let bob: Claim; // closed before the test: last in the table
  let carol: Claim; // at a store, changed by "another staff member" while its page is open

  const { server, staff, page } = staffAtDesk(async () => {
    // Bob's claim first (the oldest), closed: open claims still come before it.
    const b = await signedInCustomer(server, 'bob.claims@example.com');
    const bobReg = await createRegistration(b, { full_name: 'Bob Marley', selected_product: 'Classic Ring' });
    bob = (await report(server, b, reportBody(bobReg.$id, [await uploadPhoto(b)], { problem: 'resizing' }))).body.claim;
    expect((await act(bob, { action: 'deny', message: 'Resizing is not covered.', expected_status: 'submitted' })).status).toBe(200);
    expect((await act(bob, { action: 'close', expected_status: 'denied' })).status).toBe(200);

    const a = await signedInCustomer(server, 'ada.claims@example.com');
    const adaReg = await createRegistration(a, { full_name: 'Ada Núñez', selected_product: 'Aurora Pendant' });
    ada = (await report(server, a, reportBody(adaReg.$id, [await uploadPhoto(a)]))).body.claim;

    // Carol registered at the Fifth Avenue counter: her claim is that store's.
    const counter = await enrol(server, staff.token, 'Fifth Avenue');
    const c = await signedInCustomer(server, 'carol.claims@example.com');
    const regId = ID.unique();
    const body = registrationBody({ id: regId, full_name: 'Émilie Châtelet', email: c.email });
    expect((await callFunction(server, 'submitFromCounter', { auth: counter.token, body })).status).toBe(200);
    expect((await call(server, 'confirmRegistration', { body: { id: regId }, jwt: await jwtOf(c) })).status).toBe(200);
    carol = (await report(server, c, reportBody(regId, [await uploadPhoto(c)], { delivery: 'mail', problem: 'loose_or_missing_stone' })))
      .body.claim;

    // Eve has a registration and no claim: staff open one for her from the edit dialog.
    const e = await signedInCustomer(server, 'eve.claims@example.com');
    await createRegistration(e, { full_name: 'Eve Moreau', selected_product: 'Solitaire Ring' });
  });

  const act = (claim: Claim, body: Record<string, unknown>) =>
    call<{ claim: Claim }>(server, 'claimAction', { staff: staff.token, body: { claim_id: claim.id, event_id: ID.unique(), ...body } });
  const base = (path: string) => `${server.url}${path}`;

  it('lists claims under "Claims", open ones first, with the eight columns', async () => {
    await page.getByRole('link', { name: 'Claims', exact: true }).first().click();
    await page.waitForURL(base('/claims'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Claims');
    await expect.poll(() => shownNumbers(page)).toEqual([carol.number, ada.number, bob.number]);
    expect(await page.locator('.claims-table thead th').allTextContents()).toEqual([
      'Claim',
      'Customer',
      'Product',
      'Problem',
      'Store',
      'Status',
      'Opened',
      'Age',
    ]);
    expect(await shownStatuses(page)).toEqual(['Submitted', 'Submitted', 'Closed']);
    const row = page.locator('tr.claims-table__row', { hasText: ada.number });
    expect(await row.locator('td').nth(1).innerText()).toBe('Ada Núñez\nada.claims@example.com');
    expect(await row.locator('td').nth(2).textContent()).toBe('Aurora Pendant');
    expect(await row.locator('td').nth(3).textContent()).toBe('Broken chain or clasp');
    expect(await row.locator('td').nth(7).textContent()).toBe('Under 1 hour');
    await page.screenshot({ path: `${SHOTS}/staff-claims-1440.png` });
    expect(await axeFindings(page)).toEqual([]);
  });

  it('filters by status and store, and searches by claim number and by name', async () => {
    await page.getByLabel('Status').selectOption({ label: 'Closed' });
    await expect.poll(() => shownNumbers(page)).toEqual([bob.number]);
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await page.getByLabel('Store').selectOption('Fifth Avenue');
    await expect.poll(() => shownNumbers(page)).toEqual([carol.number]);
    await page.getByLabel('Store').selectOption({ label: 'All stores' });
    await expect.poll(() => shownNumbers(page)).toHaveLength(3);

    const search = page.getByLabel('Search');
    await search.fill(ada.number.toLowerCase().replace('-', ' '));
    await expect.poll(() => shownNumbers(page)).toEqual([ada.number]);
    await search.fill('chatelet');
    await expect.poll(() => shownNumbers(page)).toEqual([carol.number]);
    await search.fill('nobody at all');
    await page.locator('.subs-table__none', { hasText: 'No claims found for "nobody at all"' }).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => shownNumbers(page)).toHaveLength(3);
  });

  it('opens a claim to its registration, report, photos, timeline and the steps a submitted claim allows', async () => {
    await page.getByRole('link', { name: ada.number }).click();
    await page.waitForURL(base(`/claims/${ada.id}`));
    await page.getByRole('heading', { name: `Claim ${ada.number}` }).waitFor();
    expect(await claimStatus(page)).toBe('Submitted');
    const report = page.getByRole('region', { name: 'Report' });
    expect(await report.innerText()).toContain('Broken chain or clasp');
    expect(await report.innerText()).toContain('The clasp opened by itself and the chain fell off.');
    expect(await report.innerText()).toContain('At a store');
    await expect.poll(() => report.locator('img.claim-photo').evaluate((i) => (i as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const registration = await page.getByRole('region', { name: 'Registration' }).innerText();
    for (const fact of ['Ada Núñez', 'ada.claims@example.com', 'Aurora Pendant', 'Registration date']) expect(registration).toContain(fact);
    expect(await timeline(page)).toEqual([
      expect.stringMatching(/^Reported the problem\s+Status: Submitted\s+ada\.claims@example\.com \(customer\)/),
    ]);
    expect(await stepButtons(page)).toEqual(['Ask for information', 'Approve', 'Deny', 'Internal note']);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('"Ask for information" refuses an empty question, keeps the dialog, then moves the claim to "Needs information"', async () => {
    await page.getByRole('button', { name: 'Ask for information' }).click();
    const dialog = stepDialog(page, 'Ask for information');
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Write your question.' }).waitFor();
    expect(await dialog.getByLabel('Question for the customer').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/staff-claim-ask-error-1440.png` });
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByLabel('Question for the customer').fill('Which side of the clasp broke?');
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => claimStatus(page)).toBe('Needs information');
    await expect.poll(() => timeline(page)).toHaveLength(2);
    expect((await timeline(page))[1]).toMatch(
      /^Asked for information\s+Status: Needs information\s+.*\(staff\)[\s\S]*Which side of the clasp broke\?/,
    );
    expect(await stepButtons(page)).toEqual(['Approve', 'Deny', 'Internal note']);
  });

  it('adds an internal note to the timeline, marked as internal', async () => {
    await page.getByRole('button', { name: 'Internal note' }).click();
    const dialog = stepDialog(page, 'Internal note');
    await dialog.getByLabel('Note').fill('Customer sounded upset on the phone.');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => timeline(page)).toHaveLength(3);
    const note = page.locator('.claim-timeline__step').nth(2);
    expect(await note.innerText()).toMatch(
      /^Internal note\s+Internal: not shown to the customer[\s\S]*Customer sounded upset on the phone\./,
    );
    expect(await claimStatus(page)).toBe('Needs information');
  });

  it('approves with a resolution, then ready for pickup, then close, offering only what each status allows', async () => {
    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = stepDialog(page, 'Approve');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.getByRole('alert').filter({ hasText: 'Choose "Repair", "Replacement" or "Store credit".' }).waitFor();
    await approve.getByLabel('Replacement').check();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'detached' });
    await expect.poll(() => claimStatus(page)).toBe('Approved');
    await expect.poll(async () => (await timeline(page)).at(-1)).toMatch(/^Approved: Replacement/);
    expect(await stepButtons(page)).toEqual(['Ready for pickup', 'Close', 'Internal note']);
    expect(await page.getByRole('region', { name: 'Report' }).innerText()).toContain('Replacement');

    await page.getByRole('button', { name: 'Ready for pickup' }).click();
    const ready = stepDialog(page, 'Ready for pickup');
    await ready.getByRole('button', { name: 'Ready for pickup' }).click();
    await ready.waitFor({ state: 'detached' });
    await expect.poll(() => claimStatus(page)).toBe('Ready for pickup');
    expect(await stepButtons(page)).toEqual(['Close', 'Internal note']);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/staff-claim-1440.png`, fullPage: true });

    await page.getByRole('button', { name: 'Close' }).click();
    const close = stepDialog(page, 'Close');
    await close.getByRole('button', { name: 'Close claim' }).click();
    await close.waitFor({ state: 'detached' });
    await expect.poll(() => claimStatus(page)).toBe('Closed');
    expect(await stepButtons(page)).toEqual(['Internal note']);
    expect(await axeFindings(page)).toEqual([]);
    await expect
      .poll(() => page.locator('.claim-timeline__what strong').allTextContents())
      .toEqual([
        'Reported the problem',
        'Asked for information',
        'Internal note',
        'Approved: Replacement',
        'Marked ready for pickup',
        'Closed',
      ]);
  });

  it('says a claim changed when another staff member acted meanwhile, and shows it as it is now', async () => {
    await page.goto(base(`/claims/${carol.id}`));
    await page.getByRole('heading', { name: `Claim ${carol.number}` }).waitFor();
    expect(await stepButtons(page)).toEqual(['Ask for information', 'Approve', 'Deny', 'Internal note']);
    // Someone else asks a question while this page still shows "Submitted".
    expect((await act(carol, { action: 'ask', message: 'Is the stone still with you?', expected_status: 'submitted' })).status).toBe(200);
    await page.getByRole('button', { name: 'Deny' }).click();
    const deny = stepDialog(page, 'Deny');
    await deny.getByRole('button', { name: 'Deny' }).click();
    await deny.getByRole('alert').filter({ hasText: 'Give the reason.' }).waitFor();
    await deny.getByLabel('Reason').fill('The stone was set by another jeweler.');
    await deny.getByRole('button', { name: 'Deny' }).click();
    // The dialog stays with what was typed, says the claim changed and how it stands; a denial still fits it.
    const alert = deny.getByRole('alert');
    await alert.filter({ hasText: 'This claim was changed meanwhile: it is "Needs information" now.' }).waitFor();
    expect(await alert.innerText()).toMatch(/Status now: Needs information[\s\S]*What you entered is kept: check it, then send it again\./);
    expect(await deny.getByLabel('Reason').inputValue()).toBe('The stone was set by another jeweler.');
    expect(await deny.getByRole('button', { name: 'Deny' }).isEnabled()).toBe(true);
    await page.locator('.claim__head ~ .claim-changed', { hasText: 'This claim was changed meanwhile' }).waitFor();
    expect(await claimStatus(page)).toBe('Needs information');
    await deny.getByRole('button', { name: 'Cancel' }).click();
    await deny.waitFor({ state: 'detached' });
    await expect.poll(async () => (await timeline(page)).at(-1)).toMatch(/Asked for information[\s\S]*Is the stone still with you\?/);
    expect(await stepButtons(page)).toEqual(['Approve', 'Deny', 'Internal note']);
    // The server applied nothing of the refused step.
    const detail = await call<{ claim: Claim; timeline: unknown[] }>(server, 'getClaim', { staff: staff.token, query: { id: carol.id } });
    expect([detail.body.claim.status, detail.body.timeline.length]).toEqual(['needs_information', 2]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/staff-claim-390.png`, fullPage: true });
    await page.setViewportSize(DESK.viewport);
  });

  it('opens a claim from the edit dialog with "New claim", and records a visit in "Service history"', async () => {
    await page.getByRole('link', { name: 'Submissions', exact: true }).click();
    await page.locator('tr.subs-table__row').first().waitFor();
    const row = await findRow(page, 'Eve Moreau');
    await row.click();
    const dialog = editDialog(page);
    const history = dialog.getByRole('region', { name: 'Service history' });
    await history.getByText('No visits recorded yet.').waitFor();

    await history.getByRole('button', { name: 'Record a visit' }).click();
    await history.getByRole('button', { name: 'Save visit' }).click();
    await history.getByText('Choose the kind of visit.').waitFor();
    await history.getByLabel('Kind of visit').selectOption({ label: 'Cleaning' });
    await history.getByLabel('Notes').fill('Ultrasonic clean, prongs checked.');
    await history.getByRole('button', { name: 'Save visit' }).click();
    const visit = history.locator('.care-visits li').first();
    await visit.waitFor();
    expect(await visit.innerText()).toMatch(
      new RegExp(`^Cleaning · .+ · ${STAFF.email.replace('.', '\\.')}[\\s\\S]*Ultrasonic clean, prongs checked\\.`),
    );
    await dialog.evaluate((d) => d.scrollTo(0, d.scrollHeight));
    await page.screenshot({ path: `${SHOTS}/staff-edit-service-history-1440.png` });

    const claims = dialog.getByRole('region', { name: 'Claims' });
    await claims.getByRole('button', { name: 'New claim' }).click();
    await claims.getByRole('button', { name: 'Open claim' }).click();
    await claims.getByText('Choose what happened.').waitFor();
    await claims.getByText('Tell us what happened.').waitFor();
    await claims.getByLabel('What happened?').selectOption({ label: 'Bent or worn prong' });
    await claims.getByLabel('How will you bring us the piece?').selectOption({ label: 'At a store' });
    await claims.getByLabel('Tell us more').fill('A prong caught on a sweater and bent outwards.');
    expect(await axeFindings(page)).toEqual([]);
    await claims.getByRole('button', { name: 'Open claim' }).click();
    const opened = claims.getByRole('status');
    await opened.filter({ hasText: /^Claim C-[2-9A-HJ-NP-Z]{6} was opened\./ }).waitFor();
    const number = /Claim (C-[2-9A-HJ-NP-Z]{6})/.exec((await opened.textContent()) ?? '')![1]!;
    await claims.getByRole('link', { name: `Open Claim ${number}` }).click();
    await page.getByRole('heading', { name: `Claim ${number}` }).waitFor();
    expect(await claimStatus(page)).toBe('Submitted');
    expect(await timeline(page)).toEqual([
      expect.stringMatching(new RegExp(`^Opened the claim[\\s\\S]*${STAFF.email.replace('.', '\\.')} \\(staff\\)`)),
    ]);
    expect(await page.getByRole('region', { name: 'Report' }).innerText()).toContain('A prong caught on a sweater and bent outwards.');
  });

  it('keeps every claim on the device: the whole queue at once, open claims still before closed ones at its end', async () => {
    const data = Array.from({ length: 55 }, (_, i) => ({ 'Full Name': `Paged Customer ${i}`, Email: `paged${i}@example.com` }));
    const imported = await call<{ results: { id: string }[] }>(server, 'importToAppwrite', { staff: staff.token, body: { data } });
    for (const { id } of imported.body.results)
      expect(
        (await call(server, 'openClaim', { staff: staff.token, body: reportBody(id, [], { problem: 'something_else' }) })).status,
      ).toBe(200);
    await page.goto(base('/claims'));
    // 59 claims, all read from the device's copy; the rows are drawn as they scroll near.
    await expect.poll(() => page.locator('.subs__meta span').first().textContent()).toBe('59 claims');
    expect(await page.locator('tr.claims-table__row').count()).toBeLessThan(59);
    await page.locator('.claims-table__scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(async () => (await shownNumbers(page)).at(-1)).toBe(bob.number);
    expect((await shownStatuses(page)).slice(-3)).toEqual(['Needs information', 'Closed', 'Closed']);
    expect((await shownNumbers(page)).slice(-2)).toEqual([ada.number, bob.number]);
  });
  it('offline, shows the claims saved on this device, searches them, and opens a claim as saved', async () => {
    await page.goto(base('/claims'));
    await page.getByLabel('Search').fill('nunez');
    await expect.poll(() => shownNumbers(page)).toEqual([ada.number]);
    await page.context().setOffline(true);
    try {
      await page.locator('tr.claims-table__row', { hasText: ada.number }).click();
      await page.waitForURL(base(`/claims/${ada.id}`));
      await page.getByRole('heading', { name: `Claim ${ada.number}` }).waitFor();
      const saved = page.getByRole('status').filter({ hasText: 'You are offline. This is the claim as saved on this device.' });
      expect(await saved.innerText()).toContain('its actions can be taken, once the device is back online');
      expect(await claimStatus(page)).toBe('Closed');
      expect(await page.locator('.claim-facts').innerText()).toMatch(/Ada Núñez[\s\S]*ada\.claims@example\.com[\s\S]*Aurora Pendant/);
      expect(await stepButtons(page)).toEqual([]);
      expect(await axeFindings(page)).toEqual([]);

      await page.getByRole('link', { name: 'All claims' }).click();
      await page.waitForURL(base('/claims'));
      await page.locator('.subs__sync--offline', { hasText: 'You are offline. Showing the copy saved on this device.' }).waitFor();
      await page.getByLabel('Search').fill('nunez');
      await expect.poll(() => shownNumbers(page)).toEqual([ada.number]);
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/staff-claims-offline-1440.png` });
    } finally {
      await page.context().setOffline(false);
    }
    // Back online, the claim opens whole again.
    await page.locator('.subs__sync--offline').waitFor({ state: 'detached' });
    await page.locator('tr.claims-table__row', { hasText: ada.number }).click();
    await expect.poll(() => stepButtons(page)).toEqual(['Internal note']);
  });
});
