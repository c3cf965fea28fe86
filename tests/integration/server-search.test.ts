// The staff's search of every registration on the server (searchAppwriteSubmissions), through the embedded server's
// fulltext index: substrings of name, e-mail, product and SKU, ignoring case and accents, every term, newest change
// first, paged with `more`; short or hostile input is a 400 or plain text, never a 500; only staff may search.
import { beforeAll, describe, expect, it } from 'vitest';
import { DatabasesIndexType, Query } from 'node-appwrite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminClient, startTestServer } from '../helpers/server';
import { dropFulltext, fulltextTables } from '../../server/appwrite/fulltext';
import { createRegistration, jwtOf, sendToShopify, signedInCustomer } from '../helpers/customers';
import { serverForSuite } from '../helpers/suite';
import { authCases } from '../helpers/staff';
import { registrationFields, STAFF } from '../helpers/fixtures';
import type { Submission } from '../../src/shared/contracts/submission';

type Found = { submissions: Submission[]; more: boolean };

const ROWS = [
  {
    id: 'zoe',
    full_name: 'Zoë Ångström-Núñez',
    email: 'zoe.nunez@example.org',
    selected_product: 'Aurora Pendant',
    product_sku: 'PND-118',
  },
  { id: 'ada', full_name: 'Ada Lovelace', email: 'ada@analytical.example', selected_product: 'Halo Ring', product_sku: 'RNG-204' },
  { id: 'emilie', full_name: 'Émilie du Châtelet', email: 'emilie@cirey.example', selected_product: 'Halo Ring', product_sku: 'RNG-207' },
  { id: 'grace', full_name: 'Grace Hopper', email: 'grace@cobol.example', selected_product: 'Aurora Studs', product_sku: 'EAR-330' },
];

describe('staff search on the server', () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  let staff: string;
  let cases: Awaited<ReturnType<typeof authCases>>['cases'];

  const search = async (q: string, extra = '', auth?: string | null) => {
    const res = await fetch(`${server.url}/.netlify/functions/searchAppwriteSubmissions?q=${encodeURIComponent(q)}${extra}`, {
      headers: auth === null ? {} : { Authorization: auth ?? `Bearer ${staff}` },
    });
    return { status: res.status, body: (await res.json()) as Found & { error?: string } };
  };
  const ids = async (q: string, extra = '') => {
    const { status, body } = await search(q, extra);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.submissions.map((s) => s.$id);
  };
  const edit = (row: (typeof ROWS)[number], over: Partial<(typeof ROWS)[number]>) =>
    fetch(`${server.url}/.netlify/functions/updateAppwriteSubmission`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...row, ...over }),
    });

  beforeAll(async () => {
    ({ staff, cases } = await authCases(server));
    // Imported one by one, so each later row is a newer change.
    for (const row of ROWS) {
      const res = await fetch(`${server.url}/.netlify/functions/importToAppwrite`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: [row] }),
      });
      expect(((await res.json()) as { created: number }).created).toBe(1);
    }
  });

  it('finds registrations by a part of the name, e-mail, product title or SKU, ignoring case and accents', async () => {
    expect(await ids('ngstr')).toEqual(['zoe']);
    expect(await ids('Nunez')).toEqual(['zoe']);
    expect(await ids('NÚÑEZ')).toEqual(['zoe']);
    expect(await ids('chatelet')).toEqual(['emilie']);
    expect(await ids('@cobol.exa')).toEqual(['grace']);
    expect(await ids('alo ri')).toEqual(['emilie', 'ada']);
    expect(await ids('rng-20')).toEqual(['emilie', 'ada']);
    expect(await ids('EAR-330')).toEqual(['grace']);
    expect(await ids('nothing like it')).toEqual([]);
  });

  it('needs every term, each anywhere in the four fields, and gives the newest change first', async () => {
    expect(await ids('aurora')).toEqual(['grace', 'zoe']);
    expect(await ids('aurora zoe')).toEqual(['zoe']);
    expect(await ids('halo emilie')).toEqual(['emilie']);
    expect(await ids('ada 204 halo')).toEqual(['ada']);
    // A term of one or two characters beside a longer one still counts.
    expect(await ids('halo ad')).toEqual(['ada']);
    expect(await ids('halo zz')).toEqual([]);

    expect((await edit(ROWS[1]!, { full_name: 'Ada King' })).status).toBe(200);
    expect(await ids('halo')).toEqual(['ada', 'emilie']);
    expect(await ids('lovelace')).toEqual([]);
    expect(await ids('ada king')).toEqual(['ada']);
  });

  it('answers at most `limit` registrations and says when there are more', async () => {
    const two = await search('example', '&limit=2');
    expect(two.body.submissions.map((s) => s.$id)).toEqual(['ada', 'grace']);
    expect(two.body.more).toBe(true);
    const all = await search('example', '&limit=4');
    expect(all.body.submissions).toHaveLength(4);
    expect(all.body.more).toBe(false);
    expect((await search('example')).body.submissions).toHaveLength(4);
    const row = all.body.submissions.find((s) => s.$id === 'grace')!;
    expect(row).toMatchObject({ full_name: 'Grace Hopper', email: 'grace@cobol.example', product_sku: 'EAR-330' });
    expect(Object.keys(row)).not.toContain('search_text');
    for (const bad of ['&limit=0', '&limit=101', '&limit=x']) expect((await search('example', bad)).status, bad).toBe(400);
  });

  it('refuses searches without a term of 3 characters, and takes any other text as text', async () => {
    for (const q of ['', '  ', 'zo', ' é ', 'ab cd', 'a b c d']) {
      const { status, body } = await search(q);
      expect(status, q).toBe(400);
      expect(body.error).toBe('Type at least 3 characters to search every registration.');
    }
    expect((await search('x'.repeat(300))).status).toBe(400);
    const many = await search(`zoe ${'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(4)}`);
    expect(many.status).toBe(400);
    expect(many.body.error).toBe('Search for at most 20 words at once.');
    expect(await ids(`nunez ${'zoe '.repeat(40)}`)).toEqual(['zoe']);
    const hostile = ['"""', 'zoe"', '***', 'nu*', 'NEAR(zoe', 'NEAR(zoe nunez)', 'zoe OR ada', 'zoe AND', '{a0}: x', "'; DROP", '___'];
    for (const q of hostile) {
      const { status, body } = await search(q);
      expect(status, `${q}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.submissions, q).toEqual([]);
    }
    expect((await search('"')).status).toBe(400);
    expect(await ids('zoe OR ada')).toEqual([]);
    expect(await ids('%%%')).toEqual([]);
    expect(await ids('-nunez')).toEqual(['zoe']);
  });

  it('lets only staff search', async () => {
    for (const c of cases) {
      const { status, body } = await search('aurora', '', c.header ?? null);
      expect(status, c.name).toBe(c.status);
      expect(body.submissions, c.name).toBeUndefined();
    }
  });

  it('follows deletes, and finds a customer’s own registration by what it says, not by a search text it wrote', async () => {
    const { databases } = adminClient(server);
    await databases.deleteDocument({ databaseId: 'warranty', collectionId: 'submissions', documentId: 'grace' });
    expect(await ids('aurora')).toEqual(['zoe']);

    const mallory = await signedInCustomer(server, 'mallory@example.com');
    const planted = await createRegistration(mallory, { full_name: 'Mallory Quux', search_text: 'zoe nunez aurora plantedword' });
    expect(await ids('plantedword')).toEqual([]);
    expect(await ids('nunez')).toEqual(['zoe']);
    // Once the server has received it, its search text is the server's own.
    expect((await sendToShopify(server, { $id: planted.$id }, await jwtOf(mallory))).status).toBe(200);
    expect(await ids('mallory quux')).toEqual([planted.$id]);
    expect(await ids('nunez')).toEqual(['zoe']);
  });
});

describe('Query.search in the embedded Appwrite API', () => {
  const server = serverForSuite();
  const db = () => adminClient(server).databases;

  it('searches an attribute with a fulltext index, filled from the documents already there, and refuses one without', async () => {
    const databaseId = 'warranty';
    const collectionId = 'notes';
    await db().createCollection({ databaseId, collectionId, name: 'Notes' });
    await db().createStringAttribute({ databaseId, collectionId, key: 'body', size: 200, required: false });
    await db().createStringAttribute({ databaseId, collectionId, key: 'tag', size: 20, required: false });
    const note = (documentId: string, body: string, tag: string) =>
      db().createDocument({ databaseId, collectionId, documentId, data: { body, tag } });
    await note('n1', 'Note: clasp repaired in Malmö', 'a');
    await note('n2', 'Note: chain shortened', 'b');

    const list = (queries: string[]) => db().listDocuments({ databaseId, collectionId, queries });
    const refused = await list([Query.search('body', 'clasp')]).catch((e: { code: number; type: string; message: string }) => e);
    expect(refused).toMatchObject({
      code: 400,
      type: 'general_query_invalid',
      message: 'Invalid query: Searching by attribute "body" requires a fulltext index.',
    });

    await db().createIndex({ databaseId, collectionId, key: 'body_text', type: DatabasesIndexType.Fulltext, attributes: ['body'] });
    const found = async (text: string, ...more: string[]) =>
      (await list([Query.search('body', text), ...more])).documents.map((d) => d.$id);
    expect(await found('CLASP')).toEqual(['n1']);
    expect(await found('malmo')).toEqual(['n1']);
    expect(await found('ain short')).toEqual(['n2']);
    expect(await found('a')).toEqual(['n1', 'n2']);
    expect(await found('a', Query.equal('tag', ['b']))).toEqual(['n2']);

    await note('n3', 'Note: clasp replaced', 'a');
    await db().updateDocument({ databaseId, collectionId, documentId: 'n1', data: { body: 'Note: stone reset' } });
    expect(await found('clasp')).toEqual(['n3']);
    expect(await found('note')).toEqual(['n1', 'n2', 'n3']);
    expect(await found('note', Query.orderDesc('$updatedAt'))).toEqual(['n1', 'n3', 'n2']);
    expect(await found('note', Query.orderDesc('$updatedAt'), Query.limit(1), Query.offset(1))).toEqual(['n3']);
    expect(await found('note re', Query.orderDesc('$updatedAt'))).toEqual(['n1', 'n3']);
    // Searches of one attribute, one per term, must all match.
    expect(await found('note', Query.search('body', 'clasp'), Query.orderDesc('$updatedAt'))).toEqual(['n3']);
    expect(await found('note', Query.search('body', 'stone'), Query.search('body', 'reset'))).toEqual(['n1']);
    await db().deleteDocument({ databaseId, collectionId, documentId: 'n3' });
    expect(await found('clasp')).toEqual([]);
    expect(await found('note', Query.orderDesc('$updatedAt'))).toEqual(['n1', 'n2']);
    const either = await list([Query.or([Query.search('body', 'stone'), Query.equal('tag', ['b'])])]);
    expect(either.documents.map((d) => d.$id)).toEqual(['n1', 'n2']);

    await db().deleteIndex({ databaseId, collectionId, key: 'body_text' });
    expect(await list([Query.search('body', 'stone')]).catch((e: { code: number }) => e.code)).toBe(400);
  });
});

describe('a store from before fulltext indexes were kept', () => {
  it('gets the index of a fulltext index declared earlier at its next start, filled from its documents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warranty-fulltext-'));
    try {
      const before = await startTestServer({}, dir);
      const where = { databaseId: 'warranty', collectionId: 'submissions' };
      await adminClient(before).databases.createDocument({
        ...where,
        documentId: 'old',
        data: { ...registrationFields({ full_name: 'Søren Kierkegaard' }), search_text: 'soren kierkegaard' },
      });
      // As such a store was: the index recorded, no FTS table behind it.
      const { fts } = fulltextTables('warranty', 'submissions', 'search_text');
      dropFulltext(before.db, 'warranty', 'submissions', 'search_text');
      expect(before.db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(fts)).toBeUndefined();
      await before.dispose();

      const after = await startTestServer({}, dir);
      try {
        const found = await adminClient(after).databases.listDocuments({ ...where, queries: [Query.search('search_text', 'kierke')] });
        expect(found.documents.map((d) => d.$id)).toEqual(['old']);
      } finally {
        await after.dispose();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
