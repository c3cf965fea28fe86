// warrantyCertificate through the real server: a customer downloads the certificate of their own registration as a
// PDF holding their name, products and dates; another customer's, a pending one, a missing one and a malformed id are
// answered 404 or 400 alike; without a sign-in the answer is 401. The list /warranties reads holds only the
// customer's own registrations.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Query } from 'appwrite';
import { Permission, Role } from 'node-appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { coveredUntil, formatDate } from '@/shared/warranty';
import { adminClient } from '../helpers/server';
import { serverForSuite } from '../helpers/suite';
import { createRegistration, jwtOf, signedInCustomer, type Customer } from '../helpers/customers';
import { registration } from '../helpers/fixtures';

const server = serverForSuite();
let ada: Customer;
let bob: Customer;
/** Made on the device five days before it arrived (within the days a registration may wait there). */
const SUBMITTED = new Date(Date.now() - 5 * 86_400_000).toISOString();

beforeAll(async () => {
  ada = await signedInCustomer(server, 'ada.certificate@example.com');
  bob = await signedInCustomer(server, 'bob.certificate@example.com');
});

const certificate = (id: string, jwt?: string) =>
  fetch(`${server.url}/.netlify/functions/warrantyCertificate?id=${encodeURIComponent(id)}`, {
    headers: jwt ? { 'X-Appwrite-JWT': jwt } : {},
  });

const pdfText = (bytes: ArrayBuffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'certificate-')), 'c.pdf');
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('the list /warranties reads', () => {
  it("holds only the signed-in customer's registrations, as the server decides (no filter in the query)", async () => {
    const adas = [await createRegistration(ada), await createRegistration(ada)];
    const bobs = [await createRegistration(bob)];
    const list = (c: Customer) =>
      c.as(() =>
        c.databases.listDocuments({
          databaseId: 'warranty',
          collectionId: 'submissions',
          queries: [Query.orderDesc('submitted_at'), Query.limit(100)],
        }),
      );
    const seenByBob = (await list(bob)).documents.map((d) => d.$id);
    const seenByAda = (await list(ada)).documents.map((d) => d.$id);
    for (const d of bobs) expect(seenByBob).toContain(d.$id);
    for (const d of adas) expect(seenByBob).not.toContain(d.$id);
    for (const d of adas) expect(seenByAda).toContain(d.$id);
    for (const d of bobs) expect(seenByAda).not.toContain(d.$id);
    expect((await list(bob)).documents.every((d) => d.user_id === bob.userId)).toBe(true);
  });
});

describe('warrantyCertificate', () => {
  it("answers the customer's own registration as a PDF download with their name, products and dates", async () => {
    const doc = await createRegistration(ada, { full_name: 'Ada Certificate', product_sku: 'Aurora Pendant', submitted_at: SUBMITTED });
    const res = await certificate(doc.$id, await jwtOf(ada));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="warranty-certificate-${doc.$id}.pdf"`);
    const bytes = await res.arrayBuffer();
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Ada Certificate');
    expect(text).toContain('Aurora Pendant');
    expect(text).toContain(formatDate(SUBMITTED));
    expect(text).toContain(formatDate(coveredUntil(SUBMITTED)));
  });

  it("answers another customer's registration as missing, the same as an id that does not exist", async () => {
    const doc = await createRegistration(ada);
    const bobJwt = await jwtOf(bob);
    const theirs = await certificate(doc.$id, bobJwt);
    const missing = await certificate('no-such-registration', bobJwt);
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await theirs.json()).toEqual(await missing.json());
  });

  it('answers a registration still awaiting its e-mail confirmation as missing', async () => {
    const { databases } = adminClient(server);
    const doc = await databases.createDocument({
      databaseId: 'warranty',
      collectionId: 'submissions',
      documentId: 'pending-certificate',
      // As the server stores a counter's registration: its own, owned by nobody until the link confirms it.
      data: registration({ email: ada.email, user_id: ada.userId, status: 'pending' }),
      permissions: [Permission.read(Role.label('server'))],
    });
    const res = await certificate(doc.$id, await jwtOf(ada));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
  });

  it('asks for a sign-in without a JWT or with a forged one', async () => {
    const doc = await createRegistration(ada);
    const none = await certificate(doc.$id);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'unauthorized', error: 'Sign in with your email code to continue.' });
    const forged = await certificate(doc.$id, 'not.a.jwt');
    expect(forged.status).toBe(401);
  });

  it('refuses a malformed id and any method but GET with a clear 4xx', async () => {
    const jwt = await jwtOf(ada);
    const bad = await certificate('../../etc/passwd', jwt);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_query', error: '`id` must be a registration id.' });
    const absent = await fetch(`${server.url}/.netlify/functions/warrantyCertificate`, { headers: { 'X-Appwrite-JWT': jwt } });
    expect(absent.status).toBe(400);
    const post = await fetch(`${server.url}/.netlify/functions/warrantyCertificate?id=x`, {
      method: 'POST',
      headers: { 'X-Appwrite-JWT': jwt },
    });
    expect(post.status).toBe(405);
  });
});
