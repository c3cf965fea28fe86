// The functions attacked through the server: hand-offs only of the caller's own registration, bodies bounded while
// they are read and only after the caller is known, address lookups limited per real client address, and staff
// tokens that stop working within a minute of signing out or removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { createStaffUser, removeUser, totpAt } from '../../server/auth';
import { handOffs } from '../helpers/hand-offs';
import { startTestServer } from '../helpers/server';
import { createRegistration, jwtOf, sendToShopify, signedInCustomer } from '../helpers/customers';
import { signIn, staffClient } from '../helpers/staff';
import { serverForSuite } from '../helpers/suite';
import { startReverseProxy } from '../helpers/reverse-proxy';
import { startSmtpCatcher } from '../helpers/smtp-catcher';
import { answerBeforeBodyEnds, sendChunkedBody } from '../helpers/raw-http';
import sharp from 'sharp';
import { makeJpeg, STAFF } from '../helpers/fixtures';

describe("sendToShopify hands over only what the server knows is the caller's", () => {
  const server = serverForSuite();
  const send = (id: string, jwt: string) => sendToShopify(server, { $id: id }, jwt);

  it("refuses a registration naming someone else's e-mail, exactly as a missing one, and tags nobody", async () => {
    const mallory = await signedInCustomer(server, 'mallory@example.com');
    // Mallory's own document (her user id), but with the victim's e-mail: Appwrite lets a client write that.
    const { $id: id } = await createRegistration(mallory, { email: 'victim@example.com' });
    const jwt = await jwtOf(mallory);
    const forged = await send(id, jwt);
    const missing = await send(ID.unique(), jwt);
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual(await missing.json());
    const log = await handOffs(server);
    expect(log.filter((e) => e.email === 'victim@example.com')).toEqual([]);

    // Her own registration with her own e-mail goes through (in any letter case she typed it).
    const own = await createRegistration(mallory, { email: 'Mallory@Example.com' });
    expect((await send(own.$id, jwt)).status).toBe(200);
  });

  it('limits hand-offs per account and says when to come back', async () => {
    const eve = await signedInCustomer(server, 'eve@example.com');
    const { $id: id } = await createRegistration(eve);
    const jwt = await jwtOf(eve);
    const statuses: number[] = [];
    for (let i = 0; i < 102; i++) statuses.push((await send(id, jwt)).status);
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(statuses.slice(100)).toEqual([429, 429]);
    const res = await send(id, jwt);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { code: string }).code).toBe('rate_limited');
    // The counters live in Appwrite, out of customers' reach.
    const listed = await eve.as(() =>
      eve.databases.listDocuments({ databaseId: 'warranty', collectionId: 'rate_limits' }).catch((e: { code: number }) => e),
    );
    expect((listed as { code: number }).code).toBe(401);
  });
});

describe('function bodies', () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  let staffToken: string;
  beforeAll(async () => {
    staffToken = await signIn(server, STAFF.email, STAFF.password);
  });

  it('are counted while read, chunked or not, and cut at the limit with a 413', async () => {
    const staff = await sendChunkedBody(
      `${server.url}/.netlify/functions/updateAppwriteSubmission`,
      { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'application/json' },
      2 * 1024 * 1024,
    );
    expect(staff.status).toBe(413);
    expect(JSON.parse(staff.body).code).toBe('payload_too_large');
    const ada = await signedInCustomer(server, 'bodies@example.com');
    const customer = await sendChunkedBody(
      `${server.url}/.netlify/functions/sendToShopify`,
      { 'X-Appwrite-JWT': await jwtOf(ada), 'Content-Type': 'application/json' },
      1024 * 1024,
    );
    expect(customer.status).toBe(413);
  });

  it('let staff open full-size photos with non-ASCII names, and previews in the sizes the app uses', async () => {
    const ada = await signedInCustomer(server, 'names@example.com');
    const fileId = ID.unique();
    const photo = await makeJpeg({ width: 300, height: 200 });
    await ada.as(() =>
      ada.storage.createFile({ bucketId: 'images', fileId, file: new File([photo], 'Bague – café 指輪.jpg', { type: 'image/jpeg' }) }),
    );
    const full = await fetch(`${server.url}/.netlify/functions/staffImage?id=${fileId}`, {
      headers: { Authorization: `Bearer ${staffToken}` },
    });
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
    const thumb = await fetch(`${server.url}/.netlify/functions/staffImage?id=${fileId}&width=150`, {
      headers: { Authorization: `Bearer ${staffToken}` },
    });
    expect(thumb.status).toBe(200);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(200);
  });

  it('are not read at all before the caller is known', async () => {
    const statusOf = async (name: string, headers: Record<string, string>) =>
      (await answerBeforeBodyEnds(`${server.url}/.netlify/functions/${name}`, { 'Content-Type': 'application/json', ...headers })).status;
    for (const name of ['updateAppwriteSubmission', 'importToAppwrite']) {
      expect(await statusOf(name, {})).toBe(401);
      expect(await statusOf(name, { Authorization: 'Bearer forged.token.here' })).toBe(401);
    }
    expect(await statusOf('sendToShopify', {})).toBe(401);
    expect(await statusOf('sendToShopify', { 'X-Appwrite-JWT': 'forged' })).toBe(401);
  });
});

describe('address lookups behind a proxy', () => {
  it('are limited per real client address, whatever X-Forwarded-For a client writes', async () => {
    process.env.PLACES_IP_LIMIT = '5';
    const smtp = await startSmtpCatcher();
    const server = await startTestServer({ publicUrl: 'https://warranty.example', trustProxy: 1, smtpUrl: smtp.url });
    const proxy = await startReverseProxy(server.url, { publicHost: 'warranty.example', peerAs: '198.51.100.77' });
    try {
      const lookup = (forged: string) =>
        fetch(`${proxy.url}/.netlify/functions/googleplaces?input=12+Elm+St`, { headers: { 'X-Forwarded-For': forged } });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await lookup(`203.0.113.${i + 1}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const refused = await lookup('203.0.113.99');
      expect(((await refused.json()) as { error: string }).error).toMatch(/Too many address lookups/);
      // Details share the same count.
      expect((await fetch(`${proxy.url}/.netlify/functions/googleplacesdetails?place_id=us:62701`)).status).toBe(429);
      // Another real address has its own.
      proxy.setPeer('198.51.100.78');
      expect((await lookup('203.0.113.1')).status).toBe(200);
    } finally {
      delete process.env.PLACES_IP_LIMIT;
      await proxy.close();
      await server.dispose();
      await smtp.close();
    }
  });
});

describe('staff access ends within a minute', () => {
  beforeAll(() => void (process.env.STAFF_SESSION_CHECK_SECONDS = '0'));
  afterAll(() => void delete process.env.STAFF_SESSION_CHECK_SECONDS);
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });

  const list = (token: string) =>
    fetch(`${server.url}/.netlify/functions/getSubmissions`, { headers: { Authorization: `Bearer ${token}` } });

  it('after signing out, for a password-only token', async () => {
    const sb = staffClient(server);
    const { data } = await sb.auth.signInWithPassword(STAFF);
    const token = data.session!.access_token;
    expect((await list(token)).status).toBe(200);
    await sb.auth.signOut({ scope: 'global' });
    const after = await list(token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: string }).error).toMatch(/session has ended/);
  });

  it('after signing out, for a token confirmed with the authenticator (aal2)', async () => {
    await createStaffUser(server.db, 'aal2.staff@maison.example', 'a long enough passphrase', { staff: true });
    const sb = staffClient(server);
    await sb.auth.signInWithPassword({ email: 'aal2.staff@maison.example', password: 'a long enough passphrase' });
    const factor = (await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Desk' })).data!;
    await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpAt(factor.totp.secret) });
    const token = (await sb.auth.getSession()).data.session!.access_token;
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).aal).toBe('aal2');
    expect((await list(token)).status).toBe(200);
    await sb.auth.signOut({ scope: 'global' });
    expect((await list(token)).status).toBe(401);
  });

  it('after `npm run staff -- remove`', async () => {
    await createStaffUser(server.db, 'leaving@maison.example', 'one more long passphrase', { staff: true });
    const token = await signIn(server, 'leaving@maison.example', 'one more long passphrase');
    expect((await list(token)).status).toBe(200);
    expect(removeUser(server.db, 'leaving@maison.example')).toBe(true);
    expect((await list(token)).status).toBe(401);
  });
});
