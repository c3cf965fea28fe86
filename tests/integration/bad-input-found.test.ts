// Bad input that generated requests found (issue 22, defect 12), through the real server with raw HTTP and the
// unmodified SDKs: permissions nested 10,000 deep, a cursor naming nothing, text of 4-byte characters over a limit,
// e-mail addresses the Users API refuses or that carry NUL, control, surrogate or bidi characters, and requests no URL
// can be made of. Each gets a 4xx with a JSON message, and nothing changes.
import { connect } from 'node:net';
import { ID, Permission, Role } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, callFunction, enrol, mailbox, registrationBody } from '../helpers/counters';
import { makeJpeg } from '../helpers/fixtures';
import type { TestServer } from '../helpers/server';
import { startWithStaff } from '../helpers/staff';

let server: TestServer;
let staffToken: string;
let counterToken: string;

beforeAll(async () => {
  ({ server, token: staffToken } = await startWithStaff());
  counterToken = (await enrol(server, staffToken, 'Fifth Avenue')).token;
});
afterAll(() => server?.dispose());

const WHERE = { databaseId: 'warranty', collectionId: 'submissions' };
/** A JSON array nested `depth` deep around one permission, written by hand (JSON.stringify would overflow first). */
const nested = (depth: number) => `${'['.repeat(depth)}"read(\\"any\\")"${']'.repeat(depth)}`;
const keyHeaders = () => ({
  'X-Appwrite-Project': 'warranty',
  'X-Appwrite-Key': server.secrets.apiKey,
  'Content-Type': 'application/json',
});

/** A 4xx whose JSON body says what was wrong (`message` from Appwrite, `error` from a function). */
async function refused(res: Response, status?: number): Promise<string> {
  if (status !== undefined) expect(res.status).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { message?: string; error?: string };
  const said = body.message ?? body.error ?? '';
  expect(said.length).toBeGreaterThan(5);
  return said;
}

describe('permissions nested deep', () => {
  for (const depth of [2_000, 10_000]) {
    it(`are refused at depth ${depth} on document create, row create and file update`, async () => {
      const doc = await fetch(`${server.endpoint}/databases/warranty/collections/submissions/documents`, {
        method: 'POST',
        headers: keyHeaders(),
        body: `{"documentId":"deep-doc-${depth}","data":{"full_name":"A","email":"a@example.com"},"permissions":[${nested(depth)}]}`,
      });
      expect(await refused(doc, 400)).toContain('permission');
      const row = await fetch(`${server.endpoint}/tablesdb/warranty/tables/submissions/rows`, {
        method: 'POST',
        headers: keyHeaders(),
        body: `{"rowId":"deep-row-${depth}","data":{"full_name":"A","email":"a@example.com"},"permissions":[${nested(depth)}]}`,
      });
      await refused(row, 400);
      for (const id of [`deep-doc-${depth}`, `deep-row-${depth}`])
        await expect(admin(server).databases.getDocument({ ...WHERE, documentId: id })).rejects.toMatchObject({ code: 404 });

      const fileId = ID.unique();
      const permissions = [Permission.read(Role.label('server'))];
      await admin(server).storage.createFile({
        bucketId: 'images',
        fileId,
        file: InputFile.fromBuffer(await makeJpeg({ width: 40, height: 40 }), 'ring.jpg'),
        permissions,
      });
      const file = await fetch(`${server.endpoint}/storage/buckets/images/files/${fileId}`, {
        method: 'PUT',
        headers: keyHeaders(),
        body: `{"name":"renamed.jpg","permissions":[${nested(depth)}]}`,
      });
      await refused(file, 400);
      const after = await admin(server).storage.getFile({ bucketId: 'images', fileId });
      expect(after).toMatchObject({ name: 'ring.jpg', $permissions: permissions });
    });
  }
});

describe('the functions', () => {
  it('answer a cursor naming no submission with a 400 that says so', async () => {
    const res = await callFunction(server, 'getAppwriteSubmissions?cursor=nosuchid123', { auth: staffToken });
    expect(await refused(res, 400)).toMatch(/cursor/);
  });

  it('count text limits as Appwrite does: 41 emoji are over a store name of 80, 513 "𝔘" over an address of 1,024', async () => {
    const before = ((await (await callFunction(server, 'listCounters', { auth: staffToken })).json()) as { counters: unknown[] }).counters;
    expect(await refused(await callFunction(server, 'enrolCounter', { auth: staffToken, body: { store: '😀'.repeat(41) } }), 422)).toMatch(
      /at most 80 characters/,
    );
    const after = ((await (await callFunction(server, 'listCounters', { auth: staffToken })).json()) as { counters: unknown[] }).counters;
    expect(after).toHaveLength(before.length);
    // 40 emoji fit, as the counter screen's field allows.
    expect((await callFunction(server, 'enrolCounter', { auth: staffToken, body: { store: '😀'.repeat(40) } })).status).toBe(200);

    const doc = await admin(server).databases.createDocument({
      ...WHERE,
      documentId: 'long-text',
      data: { full_name: 'Ada Lovelace', email: 'ada@example.com', address: '12 Elm St' },
    });
    const edit = (address: string) =>
      callFunction(server, 'updateAppwriteSubmission', {
        auth: staffToken,
        body: { id: doc.$id, full_name: 'Ada Lovelace', email: 'ada@example.com', address },
      });
    expect(await refused(await edit('𝔘'.repeat(513)), 422)).toMatch(/address: At most 1024 characters/);
    expect((await admin(server).databases.getDocument({ ...WHERE, documentId: doc.$id })).address).toBe('12 Elm St');
    expect((await edit('𝔘'.repeat(512))).status).toBe(200);
  });

  it('hold e-mail addresses to the rule the Users API applies, so none reaches it to be refused there', async () => {
    const users = (await admin(server).users.list()).total;
    const body = registrationBody({ email: 'a,b@example.com' });
    expect(await refused(await callFunction(server, 'submitFromCounter', { auth: counterToken, body }), 422)).toMatch(/email/i);
    await expect(admin(server).databases.getDocument({ ...WHERE, documentId: body.registration.id })).rejects.toMatchObject({ code: 404 });
    expect((await admin(server).users.list()).total).toBe(users);
  });
});

/** Addresses with a character no address may hold, each otherwise well formed. */
const HIDDEN = {
  NUL: 'x\u0000y@example.com',
  'a control character': 'x\u0007y@example.com',
  'a line break': 'x\ny@example.com',
  'a lone surrogate': 'x\ud800y@example.com',
  'a right-to-left override': 'x\u202ey@example.com',
  'a left-to-right mark': 'xy\u200e@example.com',
  'a zero-width space': 'x\u200by@example.com',
};

describe('e-mail addresses with hidden characters', () => {
  for (const [what, email] of Object.entries(HIDDEN)) {
    it(`are refused everywhere when they hold ${what}`, async () => {
      const users = (await admin(server).users.list()).total;
      const mails = (await mailbox(server)).length;

      const token = await fetch(`${server.endpoint}/account/tokens/email`, {
        method: 'POST',
        headers: { 'X-Appwrite-Project': 'warranty', 'Content-Type': 'application/json' },
        body: JSON.stringify({ userId: 'unique()', email }),
      });
      expect(await refused(token, 400)).toMatch(/email/);
      const user = await fetch(`${server.endpoint}/users`, {
        method: 'POST',
        headers: keyHeaders(),
        body: JSON.stringify({ userId: 'unique()', email }),
      });
      expect(await refused(user, 400)).toMatch(/email/);

      const body = registrationBody({ email });
      await refused(await callFunction(server, 'submitFromCounter', { auth: counterToken, body }), 422);
      const imported = await callFunction(server, 'importToAppwrite', {
        auth: staffToken,
        body: { data: [{ 'Full Name': 'X', Email: email }] },
      });
      expect(((await imported.json()) as { created: number; errors: number }).errors).toBe(1);
      await refused(
        await callFunction(server, 'updateAppwriteSubmission', { auth: staffToken, body: { id: 'long-text', full_name: 'X', email } }),
        422,
      );

      expect((await admin(server).users.list()).total).toBe(users);
      expect((await mailbox(server)).length).toBe(mails);
      expect((await admin(server).databases.getDocument({ ...WHERE, documentId: 'long-text' })).email).toBe('ada@example.com');
    });
  }
});

/** Sends `head` as it is on a fresh connection and reads the whole answer. */
function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), headers, body });
    });
  });
}

describe('requests no URL can be made of', () => {
  const cases = {
    'a Host of "[::1"': 'GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
    'a path with backslashes': 'GET /\\..\\..\\etc\\passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    'OPTIONS *': 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  };
  for (const [what, head] of Object.entries(cases))
    it(`get a 400 with a JSON message: ${what}`, async () => {
      const res = await rawRequest(head);
      expect(res.status).toBe(400);
      expect(res.headers).toMatch(/content-type: application\/json/i);
      expect((JSON.parse(res.body) as { message: string }).message).toMatch(/^This request cannot be read/);
      expect(res.body).not.toMatch(/root:/);
    });

  it('leave the server serving', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
