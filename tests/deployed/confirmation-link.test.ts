// Deployed mode, the e-mailed confirmation link: made by the backend's own functions and opened on the site as
// Netlify serves it. The site's openConfirmationLink keeps nothing of its own: the link, the registration and the
// account are all in Appwrite, so a link made anywhere opens there, signs the customer in to the account of the
// address it was mailed to, and the registration is confirmed; an expired one is answered 410.
import { Query } from 'node-appwrite';
import { describe, expect, it } from 'vitest';
import { chromiumPath, PHONE } from '../helpers/browser';
import { admin, callFunction, enrol, registrationBody, LINK_SUBJECT } from '../helpers/counters';
import { STAFF } from '../helpers/fixtures';
import { deploymentForSuite } from '../helpers/netlify-site';
import { signIn } from '../helpers/staff';
import { browserForSuite } from '../helpers/suite';

const LINKS = { databaseId: 'warranty', collectionId: 'confirmation_links' };

describe.runIf(chromiumPath)('deployed: the confirmation link', () => {
  const d = deploymentForSuite();
  const browser = browserForSuite();

  /** POST to one of the site's functions. */
  const site = (name: string, body: unknown) =>
    fetch(`${d.url}/.netlify/functions/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** A counter's registration for `email`, sent through the backend's functions, and the link mailed for it. */
  async function pendingWithLink(email: string) {
    const counter = await enrol(d.backend, await signIn(d.backend, STAFF.email, STAFF.password), 'Rue Royale');
    const body = registrationBody({ email, full_name: 'Lin Wei' });
    expect((await callFunction(d.backend, 'submitFromCounter', { body, auth: counter.token })).status).toBe(200);
    const mailed = () => d.mail.mails.filter((m) => m.to.includes(email) && m.raw.includes(`Subject: ${LINK_SUBJECT}`));
    await expect.poll(() => mailed().length).toBe(1);
    const raw = mailed()[0]!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const [, registration, key] = /\/confirm\?registration=([A-Za-z0-9]+)&key=([A-Za-z0-9_-]+)/.exec(raw)!;
    expect(registration).toBe(body.registration.id);
    return { registration: registration!, key: key! };
  }

  it('opens on the site: the customer is signed in to the address’s own account and the registration is confirmed', async () => {
    const link = await pendingWithLink('lin.deployed@example.com');
    const flipped = (link.key[0] === 'A' ? 'B' : 'A') + link.key.slice(1);
    const tampered = await site('openConfirmationLink', { registration: link.registration, key: flipped });
    expect([tampered.status, await tampered.json()]).toEqual([404, { error: 'This link is not valid.', code: 'link_not_found' }]);

    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${d.url}/confirm?registration=${link.registration}&key=${link.key}`);
      // The emulation bundles each function on its first call: the first confirmation may take a while.
      await page.getByText('Your warranty registration is confirmed.').waitFor({ timeout: 60_000 });
      expect(new URL(page.url()).search).toBe(`?registration=${link.registration}`);

      const backend = admin(d.backend);
      const [account] = (await backend.users.list({ queries: [Query.equal('email', ['lin.deployed@example.com'])] })).users;
      expect(account!.emailVerification).toBe(true);
      const doc = await backend.databases.getDocument({
        databaseId: 'warranty',
        collectionId: 'submissions',
        documentId: link.registration,
      });
      expect(doc.status).toBe('confirmed');
      expect(doc.$permissions).toContain(`read("user:${account!.$id}")`);
      // Confirmed: the link is retired, on the site as anywhere.
      const again = await site('openConfirmationLink', link);
      expect(again.status).toBe(404);
    } catch (err) {
      console.error(d.siteOutput());
      throw err;
    } finally {
      await context.close();
    }
  });

  it('answers an expired link 410 on the site, and nothing of it signs in', async () => {
    const link = await pendingWithLink('late.deployed@example.com');
    const backend = admin(d.backend);
    await backend.databases.updateDocument({
      ...LINKS,
      documentId: link.registration,
      data: { expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    const expired = await site('openConfirmationLink', link);
    expect([expired.status, await expired.json()]).toEqual([410, { error: 'This link has expired.', code: 'link_expired' }]);
    // This site has no address for links (no PUBLIC_URL, and the emulation sets no URL as Netlify does), so no fresh
    // link is made here: the expired one stays expired, and the registration keeps waiting.
    expect((await site('openConfirmationLink', link)).status).toBe(410);
    const doc = await backend.databases.getDocument({ databaseId: 'warranty', collectionId: 'submissions', documentId: link.registration });
    expect(doc.status).toBe('pending');
    expect(d.siteOutput()).toContain(
      '[openConfirmationLink] no fresh link was sent: This service is not configured: PUBLIC_URL is not set.',
    );
  });
});
