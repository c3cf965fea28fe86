// A store's counter device in Chromium against the real server: enrolment, the journey confirmed later by the
// e-mailed link with the server stopped from step 1, a link opened in a browser signed in to another customer, two
// customers in a row, and the idle warning and reset.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { Query } from 'node-appwrite';
import { DESK, launch, launchPersistent, PHONE } from '../helpers/browser';
import { DIST } from '../helpers/suite';
import { handOffs } from '../helpers/hand-offs';
import { callFunction, confirmLink, enrol, linkMails, mailbox, registrationBody } from '../helpers/counters';
import { makeJpeg, signInStaffThroughForm, STAFF } from '../helpers/fixtures';
import { adminClient, codeFor, latestCode, startTestServer, type TestServer } from '../helpers/server';
import { signIn as staffSignIn } from '../helpers/staff';
import { fillSteps4to6, heading, verifyEmail } from '../helpers/wizard-walk';
import { axeFindings } from '../helpers/axe';

const SHOT = (name: string) => `test-results/counter-${name}.png`;

type Timings = { thanksSeconds: number; idleSeconds: number; warningSeconds: number };

/** One counter device (persistent profile) and one server whose data and port survive stops and starts. */
class Counter {
  readonly profile = mkdtempSync(join(tmpdir(), 'counter-profile-'));
  readonly dataDir = mkdtempSync(join(tmpdir(), 'counter-data-'));
  server!: TestServer;
  context!: BrowserContext;
  page!: Page;
  up = false;
  constructor(readonly counter: Timings = { thanksSeconds: 20, idleSeconds: 90, warningSeconds: 30 }) {}

  async start() {
    const port = this.server?.port ?? 0;
    this.server = await startTestServer(
      { staticDir: DIST, port, staffEmail: STAFF.email, staffPassword: STAFF.password, counter: this.counter },
      this.dataDir,
    );
    this.up = true;
  }
  async stop() {
    this.up = false;
    await this.server.close();
  }
  async openDevice() {
    this.context = await launchPersistent(this.profile, DESK);
    this.page = this.context.pages()[0] ?? (await this.context.newPage());
  }
  url = (path: string) => `${this.server.url}${path}`;

  /** Starts the server, opens the device, and has staff make it a counter for `store` (see `enrol`). */
  async enrolled(store: string) {
    await this.start();
    await this.openDevice();
    await this.enrol(store);
  }
  /** Staff sign in on the device and make it a counter for `store`; the device ends on its start page. */
  async enrol(store: string) {
    const page = this.page;
    await page.goto(this.url('/login/staff'));
    await signInStaffThroughForm(page);
    await page.getByRole('heading', { name: 'Counter devices' }).waitFor();
    await page.getByLabel('Store name').fill(store);
    await page.getByRole('button', { name: 'Use this device as a counter' }).click();
    await page.waitForURL(this.url('/'));
    await page.getByText(store, { exact: true }).waitFor();
  }
  async docs() {
    const r = await adminClient(this.server).databases.listDocuments({
      databaseId: 'warranty',
      collectionId: 'submissions',
      queries: [Query.limit(100)],
    });
    return r.documents as unknown as (Record<string, string> & { $id: string; $permissions: string[] })[];
  }
  async mails(to: string) {
    return (await mailbox(this.server)).filter((m) => m.to === to);
  }
  async dispose() {
    await this.context?.close().catch(() => undefined);
    if (this.up) await this.server.close().catch(() => undefined);
    rmSync(this.profile, { recursive: true, force: true });
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** What the device's IndexedDB still holds of customers (drafts, their photos, queued registrations). */
const deviceHolds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ drafts: number; draftFiles: number; outbox: number }>((resolve, reject) => {
        const open = indexedDB.open('warranty');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['drafts', 'draftFiles', 'outbox'], 'readonly');
          const out = { drafts: 0, draftFiles: 0, outbox: 0 };
          for (const name of ['drafts', 'draftFiles', 'outbox'] as const) {
            const req = tx.objectStore(name).count();
            req.onsuccess = () => (out[name] = req.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(out);
          };
        };
      }),
  );

/** The address of the Appwrite account the page's browser is signed in to (on the page's own origin), or null. */
const signedInAs = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch(`${location.origin}/v1/account`, {
      credentials: 'include',
      headers: { 'X-Appwrite-Project': 'warranty', 'X-Fallback-Cookies': localStorage.getItem('cookieFallback') ?? '' },
    });
    return res.ok ? ((await res.json()) as { email: string }).email : null;
  });

/** The start page's Start, a link to /login. */
const pressStart = (page: Page) => page.getByRole('link', { name: 'Start' }).click();

let rig: Counter | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

describe('a counter device', () => {
  it('is enrolled by staff: the start page shows the store, staff screens need a staff sign-in again, and staff can revoke it', async () => {
    rig = new Counter();
    await rig.enrolled('Maison Soho');
    await rig.page.screenshot({ path: SHOT('start-page') });
    await rig.page.goto(rig.url('/home'));
    await rig.page.waitForURL(/\/login\/staff\?next=/);

    // Staff on another device see it listed, then revoke it: its next send is refused.
    const desk = await launch();
    const page = await desk.newPage(DESK);
    await page.goto(rig.url('/login/staff'));
    await signInStaffThroughForm(page);
    const row = page.getByRole('row', { name: /Maison Soho/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(STAFF.email);
    await page.screenshot({ path: SHOT('staff-home'), fullPage: true });
    expect(await axeFindings(page)).toEqual([]);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Revoke Maison Soho' }).click();
    await row.getByText(/^Revoked/).waitFor();
    await desk.close();
  });

  it('registers with the server stopped from step 1, confirmed later by the e-mailed link on another device', async () => {
    rig = new Counter();
    await rig.enrolled('Maison Soho');
    // The app is loaded once online; then the server goes away for the whole journey.
    await rig.stop();
    const page = rig.page;
    await pressStart(page);
    await expect.poll(() => heading(page).textContent()).toBe('Your Full Name');
    await page.getByLabel('Your Full Name').fill('Amélie Laurent');
    await page.getByLabel('Your Full Name').press('Enter');
    await page.getByLabel('Email Address').fill('amelie@example.com');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const later = page.getByRole('button', { name: 'Confirm by email later' });
    await later.waitFor();
    await page.screenshot({ path: SHOT('confirm-later') });
    expect(await axeFindings(page)).toEqual([]);
    await later.click();
    const photo = Buffer.from(await makeJpeg({ width: 640, height: 480 }));
    await fillSteps4to6(page, [{ name: 'ring.jpg', buffer: photo }]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText("We'll email you a link to confirm your registration.").waitFor();
    expect(await deviceHolds(page)).toMatchObject({ drafts: 0, outbox: 1 });

    // The browser is closed and opened again; the server comes back; the device sends what it kept.
    await rig.context.close();
    await rig.start();
    await rig.openDevice();
    await rig.page.goto(rig.url('/'));
    await expect.poll(async () => (await rig!.docs()).length, { timeout: 30_000 }).toBe(1);
    const [doc] = await rig.docs();
    expect(doc).toMatchObject({ full_name: 'Amélie Laurent', email: 'amelie@example.com', status: 'pending', store: 'Maison Soho' });
    expect(doc!.image_file_id!.split(',')).toHaveLength(1);
    await expect.poll(() => deviceHolds(rig!.page)).toMatchObject({ outbox: 0, draftFiles: 0 });
    // No Shopify hand-off before the customer confirms.
    expect((await handOffs(rig.server)).filter((h) => h.registrationId === doc!.$id && h.action.startsWith('customer.'))).toEqual([]);

    // The customer opens the link on their own phone.
    await expect.poll(async () => (await rig!.mails('amelie@example.com')).length).toBe(1);
    const [mail] = await rig.mails('amelie@example.com');
    const link = mail!.links.find((l) => l.includes('/confirm?'))!;
    expect(link).toContain(`registration=${doc!.$id}`);
    const phone = await launch();
    const own = await phone.newPage(PHONE);
    await own.goto(link);
    await own.getByText('Your warranty registration is confirmed.').waitFor();
    await own.screenshot({ path: SHOT('confirmed') });
    expect(await axeFindings(own)).toEqual([]);
    await phone.close();

    const [confirmed] = await rig.docs();
    expect(confirmed).toMatchObject({ status: 'confirmed' });
    const shopify = (await handOffs(rig.server)).filter((h) => h.registrationId === doc!.$id && h.action.startsWith('customer.'));
    expect(shopify).toHaveLength(1);
    // And the confirmation e-mail, once.
    const confirmations = (await rig.mails('amelie@example.com')).filter((m) => m.subject === 'Your warranty is registered');
    expect(confirmations.map((m) => m.links.map((l) => new URL(l).pathname))).toEqual([['/warranties']]);

    // Staff see it confirmed, with its store.
    const desk = await launch();
    const staff = await desk.newPage(DESK);
    await staff.goto(rig.url('/login/staff?next=/submission'));
    await signInStaffThroughForm(staff);
    const row = staff.getByRole('row', { name: /Amélie Laurent/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Confirmed.*Maison Soho/);
    await desk.close();
  });

  it('asks a browser signed in to another customer before opening a link: "Stay signed in" keeps that customer', async () => {
    rig = new Counter();
    await rig.start();
    const server = rig.server;
    const counter = await enrol(server, await staffSignIn(server, STAFF.email, STAFF.password), 'Maison Soho');
    const body = registrationBody({ email: 'bea@example.com', full_name: 'Béatrice Roy' });
    expect((await callFunction(server, 'submitFromCounter', { body, auth: counter.token })).status).toBe(200);
    const link = confirmLink((await linkMails(server, 'bea@example.com'))[0]!);

    // Customer A is signed in on this phone (on /warranties, with the e-mailed code), at the links' address.
    const phone = await launch();
    const page = await phone.newPage(PHONE);
    try {
      await page.goto(new URL('/warranties', link.href).href);
      const before = await latestCode(server.url, 'ana@example.com').catch(() => undefined);
      await page.getByLabel('Email Address').fill('ana@example.com');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByLabel('Enter OTP').fill(await codeFor(server, 'ana@example.com', before));
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await expect.poll(() => signedInAs(page)).toBe('ana@example.com');

      // B's link, opened here (say, sent to A by someone else): asked first, nothing replaced yet.
      await page.goto(link.href);
      await page.getByRole('heading', { name: "You're signed in with another email" }).waitFor();
      await page.getByText("This link confirms a registration for another email address. You're signed in as ana@example.com.").waitFor();
      expect(new URL(page.url()).search).toBe(`?registration=${link.registration}`);
      await page.screenshot({ path: SHOT('confirm-ask') });
      expect(await axeFindings(page)).toEqual([]);
      expect(await signedInAs(page)).toBe('ana@example.com');

      await page.getByRole('button', { name: 'Stay signed in' }).click();
      await page.getByRole('button', { name: 'Go to the start page' }).waitFor();
      await page.screenshot({ path: SHOT('confirm-stayed') });
      expect(await signedInAs(page)).toBe('ana@example.com');
      expect(
        (
          await adminClient(server).databases.getDocument({
            databaseId: 'warranty',
            collectionId: 'submissions',
            documentId: link.registration,
          })
        ).status,
      ).toBe('pending');

      // A link of the older form (a user id and a secret) opens nothing: a fresh link goes to B's address instead.
      const older = `/confirm?registration=${link.registration}&userId=${'u'.repeat(20)}&secret=${'0'.repeat(64)}`;
      await page.goto(new URL(older, link.href).href);
      await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
      expect(new URL(page.url()).search).toBe(`?registration=${link.registration}`);
      await expect.poll(async () => (await linkMails(server, 'bea@example.com')).length).toBe(2);
      const fresh = confirmLink((await linkMails(server, 'bea@example.com'))[0]!);
      expect(await signedInAs(page)).toBe('ana@example.com');

      // The fresh link, then "Continue with this link": A's session ends, B's opens, and the registration is confirmed.
      await page.goto(fresh.href);
      await page.getByRole('button', { name: 'Continue with this link' }).click();
      await page.getByText('Your warranty registration is confirmed.').waitFor();
      expect(await signedInAs(page)).toBe('bea@example.com');
      await expect.poll(async () => (await rig!.docs()).find((d) => d.$id === link.registration)?.status).toBe('confirmed');
      // Every link of it is retired now: the first one, opened again, asks for nothing and signs nobody in.
      await page.goto(link.href);
      await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
      expect(await signedInAs(page)).toBe('bea@example.com');
    } finally {
      await phone.close();
    }
  });

  it('keeps nothing of one customer for the next: fields, photos, session and e-mail', async () => {
    rig = new Counter({ thanksSeconds: 2, idleSeconds: 90, warningSeconds: 30 });
    await rig.enrolled('Maison Soho');
    const page = rig.page;
    await page.goto(rig.url('/login'));
    await verifyEmail(page, rig.server, 'first@example.com', 'First Customer');
    await fillSteps4to6(page, [{ name: 'first.jpg', buffer: Buffer.from(await makeJpeg({ width: 320, height: 240 })) }]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    // Step 7 goes back to the start page by itself.
    await page.waitForURL(rig.url('/'), { timeout: 10_000 });
    await expect.poll(async () => (await rig!.docs()).length).toBe(1);
    const [doc] = await rig.docs();
    expect(doc).toMatchObject({ status: 'confirmed', store: 'Maison Soho', email: 'first@example.com' });

    // The second customer starts: nothing of the first is on the screen or the device, and no session is left.
    await pressStart(page);
    await expect.poll(() => heading(page).textContent()).toBe('Your Full Name');
    expect(await page.getByLabel('Your Full Name').inputValue()).toBe('');
    await expect.poll(() => deviceHolds(page)).toEqual({ drafts: 0, draftFiles: 0, outbox: 0 });
    const session = await page.evaluate(async (endpoint) => {
      const res = await fetch(`${endpoint}/account`, {
        credentials: 'include',
        headers: { 'X-Appwrite-Project': 'warranty', 'X-Fallback-Cookies': localStorage.getItem('cookieFallback') ?? '' },
      });
      return res.status;
    }, rig.server.endpoint);
    expect(session).toBe(401);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain('first@example.com');
    expect(await page.content()).not.toContain('first@example.com');
  });

  it('asks "Are you still there?" when idle, keeps the answers on Continue, and resets to the start page', async () => {
    rig = new Counter({ thanksSeconds: 20, idleSeconds: 3, warningSeconds: 3 });
    await rig.enrolled('Maison Soho');
    const page = rig.page;
    await page.goto(rig.url('/login'));
    await page.getByLabel('Your Full Name').fill('Idle Customer');
    await page.getByLabel('Your Full Name').press('Enter');
    await page.getByLabel('Email Address').fill('idle@example.com');
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: SHOT('idle-warning') });
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('idle@example.com');
    // No answer this time: the wizard resets and the start page comes back with nothing kept.
    await dialog.waitFor({ timeout: 10_000 });
    await page.waitForURL(rig.url('/'), { timeout: 10_000 });
    await expect.poll(() => deviceHolds(page)).toEqual({ drafts: 0, draftFiles: 0, outbox: 0 });
    await page.goto(rig.url('/login'));
    await expect.poll(() => heading(page).textContent()).toBe('Your Full Name');
    expect(await page.getByLabel('Your Full Name').inputValue()).toBe('');
  });
});
