// A problem report kept on the device is sent by the service worker's Background Sync, as registrations are: the
// customer sends it on /warranties while the server is away (it is kept, with its photo), closes the page; the server
// comes back and the browser fires the worker's `sync`: the report reaches the server exactly once, photo first, and
// a second `sync` (the browser retrying) sends nothing more. Chromium with a persistent profile, the real server
// stopped and started as the fault.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Query } from 'appwrite';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumPath, launchPersistent, PHONE } from '../helpers/browser';
import { CLAIMS } from '../helpers/claims';
import { admin } from '../helpers/counters';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { inDeviceDb } from '../helpers/device-db';
import { STAFF } from '../helpers/fixtures';
import { controlledBySw, ringPhoto } from '../helpers/offline';
import { codeFor, latestCode, startTestServer, type TestServer } from '../helpers/server';
import { DIST } from '../helpers/suite';

const SAVED = "Saved on this device. It will be sent when you're back online.";
const NUMBER = /Claim (C-[2-9A-HJ-NP-Z]{6})/;

/** Fires the worker's Background Sync now, as Chromium does when the network returns, from a page outside the app. */
async function dispatchSync(page: Page, origin: string) {
  const cdp = await page.context().newCDPSession(page);
  type Registrations = { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] };
  const found = new Promise<string>((resolve) => {
    (cdp as unknown as { on(e: string, f: (p: Registrations) => void): void }).on('ServiceWorker.workerRegistrationUpdated', (p) => {
      const r = p.registrations.find((x) => !x.isDeleted && x.scopeURL.startsWith(origin));
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await found;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'warranty-outbox', lastChance: false });
  await cdp.detach();
}

type Kept = { id: string; number: string; status: string; files: { fileId: string; uploaded: boolean }[] };
const keptReports = (page: Page) =>
  inDeviceDb(
    page,
    async (db, _: null, idb) => idb.result(db.transaction('claimOutbox').objectStore('claimOutbox').getAll()),
    null,
  ) as Promise<Kept[]>;

describe.runIf(chromiumPath)('a kept problem report sent by the service worker', () => {
  const profile = mkdtempSync(join(tmpdir(), 'warranty-profile-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'warranty-data-'));
  const settings = { staticDir: DIST, staffEmail: STAFF.email, staffPassword: STAFF.password };
  let server: TestServer | null = null;
  let context: BrowserContext | null = null;
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches the server exactly once through the worker, with every page closed', { timeout: 120_000 }, async () => {
    server = await startTestServer(settings, dataDir);
    const port = server.port;
    const origin = server.url;
    const zoe = await signedInCustomer(server, 'zoe.background@example.com');
    const reg = await createRegistration(zoe, { full_name: 'Zoe Background', product_sku: 'Celeste Ring' });
    const claimsOf = async () =>
      (await admin(server!).databases.listDocuments({ ...CLAIMS, queries: [Query.equal('registration_id', [reg.$id])] }))
        .documents as unknown as { number: string; photo_ids: string }[];

    context = await launchPersistent(profile, PHONE);
    const page = await context.newPage();
    await page.goto(`${origin}/warranties`);
    await controlledBySw(page);
    await page.getByRole('heading', { level: 1, name: 'Your warranties' }).waitFor();
    const before = await latestCode(origin, zoe.email).catch(() => undefined);
    await page.getByLabel('Email Address').fill(zoe.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Enter OTP').fill(await codeFor(server, zoe.email, before));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    const card = page.getByRole('article');
    await card.getByRole('button', { name: 'Report a problem' }).click();
    const form = page.getByRole('form', { name: 'Report a problem' });
    await form.getByRole('radio', { name: 'Loose or missing stone' }).check();
    await form.getByLabel('Tell us more').fill('The centre stone moves when I touch it.');
    await form.locator('input[type=file]').setInputFiles({ name: 'stone.jpg', mimeType: 'image/jpeg', buffer: await ringPhoto('#d8d8d8') });
    await form.getByRole('img', { name: 'stone.jpg' }).waitFor({ timeout: 20_000 });
    await form.getByRole('radio', { name: 'By mail' }).check();

    // The server goes away; the report is kept on the device with its number and photo.
    await server.close();
    server = null;
    await form.getByRole('button', { name: 'Send report' }).click();
    await card.getByText(SAVED).waitFor({ timeout: 15_000 });
    const shown = NUMBER.exec((await card.getByRole('heading', { name: NUMBER }).textContent()) ?? '')![1];
    await expect
      .poll(() => keptReports(page).then((k) => k.map((r) => [r.number, r.status, r.files.length])))
      .toEqual([[shown, 'pending', 1]]);
    const [kept] = await keptReports(page);

    // Every page of the app closed; the server back; the browser wakes the worker.
    const away = await context.newPage();
    await page.close();
    server = await startTestServer({ ...settings, port }, dataDir);
    expect(await claimsOf()).toEqual([]);
    await dispatchSync(away, origin);
    await expect
      .poll(async () => (await claimsOf()).map((c) => [c.number, c.photo_ids]), { timeout: 30_000 })
      .toEqual([[shown, kept!.files[0]!.fileId]]);

    // The browser fires it again (a retry): nothing more is sent, and the device holds nothing more.
    await dispatchSync(away, origin);
    const check = await context.newPage();
    await check.goto(`${origin}/warranties`);
    await check.getByRole('article').getByText('Submitted', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await keptReports(check)).toEqual([]);
    expect((await claimsOf()).map((c) => c.number)).toEqual([shown]);
  });
});
