// The staff functions through server/: every one refuses anyone but staff, then lists, pages, edits with
// conflict detection, imports idempotently and serves private photos.
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ID } from 'appwrite';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { serverForSuite } from '../helpers/suite';
import { authCases, signIn, staffClient } from '../helpers/staff';
import { createStaffUser, totpAt } from '../../server/auth';
import type { Submission } from '../../src/shared/contracts/submission';
import { makeJpeg, registration, STAFF } from '../helpers/fixtures';

describe('staff functions', () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  let staff: string;
  let cases: Awaited<ReturnType<typeof authCases>>['cases'];
  let photoId: string;
  let docId: string;

  const call = (name: string, init: { method?: string; body?: unknown; query?: string; auth?: string | null } = {}) =>
    fetch(`${server.url}/.netlify/functions/${name}${init.query ?? ''}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.auth === null ? {} : { Authorization: init.auth ?? `Bearer ${staff}` }),
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });

  beforeAll(async () => {
    ({ staff, cases } = await authCases(server));
    const ada = await signedInCustomer(server, 'ada@example.com');
    photoId = ID.unique();
    const jpeg = await makeJpeg({ width: 800, height: 600, quality: 80 });
    await ada.as(() => ada.storage.createFile({ bucketId: 'images', fileId: photoId, file: new File([jpeg], 'ring.jpg') }));
    docId = (await createRegistration(ada, { image_file_id: photoId })).$id;
  });

  it('refuses everyone but staff on every staff function', async () => {
    const wrong: string[] = [];
    const functions: [string, { method?: string; body?: unknown; query?: string }][] = [
      ['getAppwriteSubmissions', { query: '?t=1' }],
      ['getSubmissions', {}],
      ['importToAppwrite', { method: 'POST', body: { data: [{ 'Full Name': 'A', Email: 'a@b.co' }] } }],
      ['updateAppwriteSubmission', { method: 'POST', body: { id: docId, ...registration(), image_file_id: photoId } }],
      ['staffImage', { query: `?id=${photoId}` }],
      ['getIntegrationLog', {}],
    ];
    for (const [name, init] of functions) {
      for (const c of cases) {
        const res = await call(name, { ...init, auth: c.header ?? null });
        const body = (await res.json()) as { error?: string };
        if (res.status !== c.status || !body.error) wrong.push(`${name} / ${c.name}: ${res.status} ${JSON.stringify(body)}`);
      }
      const ok = await call(name, init);
      if (ok.status !== 200) wrong.push(`${name} / staff: ${ok.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists every submission as SPEC.md’s array for a plain call', async () => {
    const res = await call('getAppwriteSubmissions', { query: `?t=${Date.now()}` });
    const list = (await res.json()) as Submission[];
    expect(Array.isArray(list)).toBe(true);
    const mine = list.find((s) => s.$id === docId)!;
    expect(mine).toMatchObject({ full_name: 'Ada Lovelace', email: 'ada@example.com', image_file_id: photoId });
    expect(Object.keys(mine)).toEqual(
      expect.arrayContaining([
        '$id',
        'full_name',
        'email',
        'phone',
        'address',
        'selected_product',
        'product_sku',
        'image_file_id',
        '$updatedAt',
      ]),
    );
    const list2 = (await (await call('getSubmissions')).json()) as Submission[];
    expect(list2.map((s) => s.$id)).toContain(docId);
  });

  it('saves an edit, selected_product included, and refuses to overwrite a newer copy', async () => {
    const before = ((await (await call('getSubmissions')).json()) as Submission[]).find((s) => s.$id === docId)!;
    const save = await call('updateAppwriteSubmission', {
      method: 'POST',
      body: {
        id: docId,
        full_name: 'Ada King',
        email: 'ada@example.com',
        phone: '+1 5550001111',
        address: before.address,
        product_sku: 'RNG-1',
        selected_product: 'Aurora Ring',
        image_file_id: photoId,
        expected_updated_at: before.$updatedAt,
      },
    });
    expect(save.status).toBe(200);
    const saved = (await save.json()) as Submission;
    expect(saved).toMatchObject({ full_name: 'Ada King', selected_product: 'Aurora Ring' });

    const stale = await call('updateAppwriteSubmission', {
      method: 'POST',
      body: { id: docId, full_name: 'Someone Else', email: 'ada@example.com', expected_updated_at: before.$updatedAt },
    });
    expect(stale.status).toBe(409);
    const conflict = (await stale.json()) as { code: string; details: { current: Submission } };
    expect(conflict.code).toBe('conflict');
    expect(conflict.details.current.full_name).toBe('Ada King');
  });

  it.each([
    ['not JSON', '{"id":', 400],
    ['no id', { full_name: 'A', email: 'a@b.co' }, 422],
    ['a bad email', { id: 'abc', full_name: 'A', email: 'nope' }, 422],
    ['an empty name', { id: 'abc', full_name: '  ', email: 'a@b.co' }, 422],
    ['a number for a name', { id: 'abc', full_name: 5, email: 'a@b.co' }, 422],
    ['an unknown submission', { id: 'missing', full_name: 'A', email: 'a@b.co' }, 404],
  ])('answers an edit with %s with %s', async (_n, body, status) => {
    const res = await call('updateAppwriteSubmission', { method: 'POST', body });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });

  it('pages changes since a moment for delta sync', async () => {
    const first = (await (await call('getAppwriteSubmissions', { query: '?limit=1' })).json()) as {
      submissions: Submission[];
      nextCursor: string | null;
      serverTime: string;
    };
    expect(first.submissions).toHaveLength(1);
    const since = new Date(Date.now() - 1000).toISOString();
    await call('updateAppwriteSubmission', { method: 'POST', body: { id: docId, full_name: 'Ada Byron', email: 'ada@example.com' } });
    const delta = (await (await call('getAppwriteSubmissions', { query: `?since=${encodeURIComponent(since)}` })).json()) as {
      submissions: Submission[];
    };
    expect(delta.submissions.map((s) => s.full_name)).toContain('Ada Byron');
    for (const q of ['?since=yesterday', '?limit=0', '?limit=abc', '?cursor=a/b'])
      expect((await call('getAppwriteSubmissions', { query: q })).status).toBe(400);
  });

  it('pages newest change first for a new device, without skipping rows that share a time', async () => {
    const lin = await signedInCustomer(server, 'lin@example.com');
    for (let i = 0; i < 5; i++) await createRegistration(lin, { full_name: `Lin ${i}` });
    type Page = { submissions: Submission[]; nextCursor: string | null };
    const all = ((await (await call('getAppwriteSubmissions')).json()) as Submission[]).map((s) => s.$updatedAt);
    const seen: Submission[] = [];
    let q = '?order=desc&limit=2';
    for (;;) {
      const res = await call('getAppwriteSubmissions', { query: q });
      const page = (await res.json()) as Page;
      seen.push(...page.submissions);
      const last = page.submissions.at(-1);
      // A full page says where the next starts in its headers too, so a device can ask before reading the body.
      const next = [res.headers.get('x-next-before'), res.headers.get('x-next-cursor')];
      expect(next).toEqual(page.nextCursor && last ? [last.$updatedAt, last.$id] : [null, null]);
      if (!page.nextCursor || !last) break;
      q = `?order=desc&limit=2&before=${encodeURIComponent(last.$updatedAt)}&cursor=${last.$id}`;
    }
    expect(seen.map((s) => s.$updatedAt)).toEqual(all.slice().sort().reverse());
    expect(new Set(seen.map((s) => s.$id)).size).toBe(all.length);
    for (const bad of ['?order=up', '?order=desc&before=soon', '?before=2026-01-01T00:00:00Z', '?order=desc&since=2026-01-01T00:00:00Z']) {
      const res = await call('getAppwriteSubmissions', { query: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it('imports rows by export headers or field names, reports each row, and creates nothing the second time', async () => {
    const data = [
      {
        'Full Name': 'Grace Hopper',
        Email: 'grace@example.com',
        Phone: '+1 5551112222',
        Address: '1 Navy Way, Arlington, VA, 22201',
        SKU: 'BRC-1',
        'Image URL': '',
      },
      {
        full_name: 'Émilie du Châtelet',
        email: 'emilie@example.fr',
        phone: "'+33 612345678",
        address: 'Cirey, "Château"',
        product_sku: 'NCK-2',
      },
      { 'Full Name': '', Email: 'nobody@example.com' },
      { 'Full Name': 'Bad Mail', Email: 'not-an-email' },
    ];
    const first = await call('importToAppwrite', { method: 'POST', body: { data } });
    expect(first.status).toBe(200);
    const r1 = (await first.json()) as {
      created: number;
      skipped: number;
      errors: number;
      results: { row: number; status: string; error?: string }[];
    };
    expect([r1.created, r1.skipped, r1.errors]).toEqual([2, 0, 2]);
    expect(r1.results.map((r) => r.status)).toEqual(['created', 'created', 'error', 'error']);
    expect(r1.results[3]!.error).toContain('Email');

    const again = (await (await call('importToAppwrite', { method: 'POST', body: { data } })).json()) as typeof r1;
    expect([again.created, again.skipped, again.errors]).toEqual([0, 2, 2]);

    const all = (await (await call('getSubmissions')).json()) as Submission[];
    const emilie = all.find((s) => s.email === 'emilie@example.fr')!;
    expect(emilie).toMatchObject({ full_name: 'Émilie du Châtelet', phone: '+33 612345678', address: 'Cirey, "Château"' });
    expect(all.filter((s) => s.email === 'grace@example.com')).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{"data":', 400],
    ['no data', { rows: [] }, 422],
    ['data not an array', { data: 'x' }, 422],
    ['no rows', { data: [] }, 422],
  ])('answers an import with %s with %s', async (_n, body, status) => {
    const res = await call('importToAppwrite', { method: 'POST', body });
    expect(res.status).toBe(status);
  });

  it('serves a private photo to staff, full size or as a real preview', async () => {
    const full = await call('staffImage', { query: `?id=${photoId}` });
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(800);
    const thumb = await call('staffImage', { query: `?id=${photoId}&width=100` });
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.format]).toEqual([100, 'webp']);
    expect((await call('staffImage', { query: '?id=missing' })).status).toBe(404);
    expect((await call('staffImage', { query: '?id=../etc' })).status).toBe(400);
    expect((await call('staffImage', { query: `?id=${photoId}&width=99999` })).status).toBe(400);
  });

  it('shows staff where registrations were handed on to', async () => {
    const ada = await signedInCustomer(server, 'log@example.com');
    const id = ID.unique();
    const data = registration({ user_id: ada.userId, email: 'log@example.com' });
    await ada.as(() => ada.databases.createDocument({ databaseId: 'warranty', collectionId: 'submissions', documentId: id, data }));
    const { jwt } = await ada.as(() => ada.account.createJWT());
    await fetch(`${server.url}/.netlify/functions/sendToShopify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Appwrite-JWT': jwt },
      body: JSON.stringify({ $id: id }),
    });
    const log = (await (await call('getIntegrationLog')).json()) as {
      target: string;
      entries: { registrationId: string; email: string }[];
    };
    expect(log.target).toBe('log');
    expect(log.entries[0]).toMatchObject({ registrationId: id, email: 'log@example.com' });
  });

  it('refuses an import body over 6 MB with 413', async () => {
    const big = { data: [{ 'Full Name': 'x'.repeat(7 * 1024 * 1024), Email: 'a@b.co' }] };
    const res = await call('importToAppwrite', { method: 'POST', body: big });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('payload_too_large');
  });

  it('asks staff with an authenticator for it: a password-only token is refused, an aal2 token works', async () => {
    await createStaffUser(server.db, 'mfa.manager@maison.example', 'another long passphrase', { staff: true });
    const sb = staffClient(server);
    await sb.auth.signInWithPassword({ email: 'mfa.manager@maison.example', password: 'another long passphrase' });
    const factor = (await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Desk' })).data!;
    const challenge = (await sb.auth.mfa.challenge({ factorId: factor.id })).data!;
    await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: totpAt(factor.totp.secret) });

    const passwordOnly = await signIn(server, 'mfa.manager@maison.example', 'another long passphrase');
    const refused = await call('getSubmissions', { auth: `Bearer ${passwordOnly}` });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('mfa_required');

    const { data } = await sb.auth.getSession();
    expect((await call('getSubmissions', { auth: `Bearer ${data.session!.access_token}` })).status).toBe(200);
  });

  it('answers unknown functions and wrong methods plainly', async () => {
    expect((await call('nope')).status).toBe(404);
    expect((await call('getSubmissions', { method: 'POST', body: {} })).status).toBe(405);
  });
});
