// listWarranties and warrantyCertificate through the real server (issue 22, defect 9): a registration staff imported
// for an address shows, with its certificate, to the account whose verified address it is, and to nobody else: not
// another account, not an account holding that address unverified, not for a counter's registration still awaiting
// its e-mailed confirmation, and not for a registration someone else wrote with that address typed in.
import { Client, Query, Users } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, enrol, registrationBody } from '../helpers/counters';
import { createRegistration, jwtOf, signedInCustomer, type Customer } from '../helpers/customers';
import type { TestServer } from '../helpers/server';
import { startWithStaff } from '../helpers/staff';
import { webCustomer } from '../helpers/web-customer';
import { SUBMISSION_FIELDS, type Submission } from '../../src/shared/contracts/submission';

const ADA = 'ada.owner@example.com';
type Warranty = { id: string; product_sku: string; selected_product: string; photo_ids: string[]; status: string };

let server: TestServer;
let staffToken: string;
let imported: string;
let pendingAtCounter: string;

const list = async (jwt?: string) => {
  const res = await fetch(`${server.url}/.netlify/functions/listWarranties`, { headers: jwt ? { 'X-Appwrite-JWT': jwt } : {} });
  return { status: res.status, body: (await res.json()) as { warranties?: Warranty[]; error?: string } };
};
const ids = async (jwt: string) => ((await list(jwt)).body.warranties ?? []).map((w) => w.id);
const certificate = (id: string, jwt: string) =>
  fetch(`${server.url}/.netlify/functions/warrantyCertificate?id=${encodeURIComponent(id)}`, { headers: { 'X-Appwrite-JWT': jwt } });

/**
 * A session of the account holding `email` that never proved it (the counter's registration made it), signed in by a
 * server-made token, which verifies nothing.
 */
async function unverifiedAccount(email: string) {
  const users = new Users(new Client().setEndpoint(server.endpoint).setProject(server.config.projectId).setKey(server.secrets.apiKey));
  const [user] = (await users.list({ queries: [Query.equal('email', [email])] })).users;
  expect(user?.emailVerification).toBe(false);
  const { secret } = await users.createToken({ userId: user!.$id });
  const device = webCustomer(server.endpoint);
  await device.as(() => device.account.createSession({ userId: user!.$id, secret }));
  return device;
}

beforeAll(async () => {
  ({ server, token: staffToken } = await startWithStaff());
  const res = await callFunction(server, 'importToAppwrite', {
    auth: staffToken,
    body: {
      data: [
        { 'Full Name': 'Ada Imported', Email: 'Ada.Owner@Example.com', SKU: 'AUR-001', Product: 'Aurora Pendant' },
        { 'Full Name': 'Eve Imported', Email: 'eve.owner@example.com', SKU: 'CEL-002', Product: 'Celeste Ring' },
      ],
    },
  });
  const result = (await res.json()) as { created: number; results: { id: string }[] };
  expect(result.created).toBe(2);
  imported = result.results[0]!.id;
  const counter = await enrol(server, staffToken, 'Fifth Avenue');
  const body = registrationBody({ email: ADA, full_name: 'Ada At The Counter' });
  pendingAtCounter = body.registration.id;
  const sent = await callFunction(server, 'submitFromCounter', { auth: counter.token, body });
  expect(sent.status).toBe(200);
});
afterAll(() => server?.dispose());

describe('registrations staff imported, on /warranties', () => {
  it('are not shown to an account holding the address unverified, nor is their certificate given', async () => {
    const device = await unverifiedAccount(ADA);
    const jwt = await jwtOf(device);
    expect(await ids(jwt)).toEqual([]);
    expect((await certificate(imported, jwt)).status).toBe(404);
  });

  it('are shown with their certificate once the address is verified by the e-mailed code; a pending one is not', async () => {
    const ada = await signedInCustomer(server, ADA);
    const own = await createRegistration(ada, { product_sku: 'ORI-003', selected_product: 'Orion Cufflinks' });
    const jwt = await jwtOf(ada);
    const { status, body } = await list(jwt);
    expect(status).toBe(200);
    expect(body.warranties!.map((w) => w.id).sort()).toEqual([imported, own.$id].sort());
    const card = body.warranties!.find((w) => w.id === imported)!;
    expect(card).toMatchObject({ product_sku: 'AUR-001', selected_product: 'Aurora Pendant', photo_ids: [], status: 'confirmed' });
    expect(body.warranties!.map((w) => w.id)).not.toContain(pendingAtCounter);

    const pdf = await certificate(imported, jwt);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect((await certificate(pendingAtCounter, jwt)).status).toBe(404);
  });

  it('are shown to the address staff corrected them to, whatever case staff typed it in', async () => {
    const eve = (await (await callFunction(server, 'getAppwriteSubmissions', { auth: staffToken })).json()) as Submission[];
    const row = eve.find((r) => r.full_name === 'Eve Imported')!;
    const edit = await callFunction(server, 'updateAppwriteSubmission', {
      auth: staffToken,
      body: { id: row.$id, ...Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, row[f] ?? ''])), email: 'Eve.Second@Example.COM' },
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as Submission).email).toBe('eve.second@example.com');
    const second = await signedInCustomer(server, 'eve.second@example.com');
    expect(await ids(await jwtOf(second))).toEqual([row.$id]);
  });

  it('are never shown to another account, which sees only its own', async () => {
    const bob: Customer = await signedInCustomer(server, 'bob.owner@example.com');
    // Bob types Ada's address into a registration of his own: it stays his, never Ada's.
    const typed = await createRegistration(bob, { email: ADA });
    const jwt = await jwtOf(bob);
    expect(await ids(jwt)).toEqual([typed.$id]);
    expect((await certificate(imported, jwt)).status).toBe(404);
    const ada = await signedInCustomer(server, ADA);
    expect(await ids(await jwtOf(ada))).not.toContain(typed.$id);
  });

  it('need a signed-in customer', async () => {
    const { status, body } = await list();
    expect(status).toBe(401);
    expect(body.error).toMatch(/Sign in/);
    expect((await list('not-a-jwt')).status).toBe(401);
  });
});
