// Under `npm start` the functions' calls to their own server are answered in memory (server/net/in-process.ts):
// node-appwrite and the routes are unchanged, so every answer, refusal included, is the one HTTP gives; only the
// functions' own calls go that way, and a stopped server is unreachable to them as it is over the network.
import { AppwriteException, ID, Permission, Query, Role } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnv } from '../../netlify/lib/env';
import { HttpError } from '../../netlify/lib/http';
import { pageNewestFirst } from '../../netlify/lib/registrations/staff-repository';
import { answeredInProcess } from '../../server/net/in-process';
import { callFunction, mailbox } from '../helpers/counters';
import { createRegistration, jwtOf, sendToShopify, signedInCustomer } from '../helpers/customers';
import { makeJpeg, prng, registrationFields } from '../helpers/fixtures';
import { adminClient, startTestServer, type TestServer } from '../helpers/server';
import { startWithStaff } from '../helpers/staff';

const where = { databaseId: 'warranty', collectionId: 'submissions' };

/** What a call gives, or the SDK error it throws, as plain data to compare. */
const outcome = <T>(call: () => Promise<T>) =>
  call().then(
    (value) => ({ value: JSON.parse(JSON.stringify(value)) as unknown }),
    (err: unknown) => {
      if (!(err instanceof AppwriteException)) throw err;
      return { error: { code: err.code, type: err.type, message: err.message } };
    },
  );
// What two things made one after the other share: all but their ids, numbers and times.
const own = (o: unknown) =>
  JSON.parse(
    JSON.stringify(o, (k, v: unknown) => (['$id', '$sequence', '$createdAt', '$updatedAt'].includes(k) ? undefined : v)),
  ) as unknown;

describe("a function's calls to its own server", () => {
  let server: TestServer;
  let staff: string;
  beforeAll(async () => {
    ({ server, token: staff } = await startWithStaff());
  });
  afterAll(() => server.dispose());

  it('are answered in memory, while the customer’s and the staff’s requests go over HTTP', async () => {
    const ada = await signedInCustomer(server, 'ada.memory@example.com');
    const { $id: id } = await createRegistration(ada, { full_name: 'Ada Memory' });
    const jwt = await jwtOf(ada);

    const before = answeredInProcess();
    const answer = await sendToShopify(server, { $id: id }, jwt);
    expect(answer.status).toBe(200);
    // The account, the limit, the registration read and written, the log, the e-mail claimed, relayed and marked.
    expect(answeredInProcess() - before).toBeGreaterThanOrEqual(8);
    const mails = ((await mailbox(server)) as { to: string; attachments?: { filename: string }[] }[]).filter(
      (m) => m.to === 'ada.memory@example.com',
    );
    // The confirmation, with its certificate, after the sign-in code.
    expect(mails.flatMap((m) => m.attachments ?? []).map((a) => a.filename)).toEqual([`warranty-certificate-${id}.pdf`]);

    // A staff function: the staff token checked with Supabase Auth's /user route, in memory too.
    const seen = answeredInProcess();
    const list = await callFunction(server, 'getSubmissions', { auth: staff });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { $id: string }[]).map((r) => r.$id)).toContain(id);
    expect(answeredInProcess()).toBeGreaterThan(seen);

    // The test's own requests, to the very same address, are not the functions': none of them counts.
    const outside = answeredInProcess();
    await adminClient(server).databases.getDocument({ ...where, documentId: id });
    await fetch(`${server.url}/healthz`);
    expect(answeredInProcess()).toBe(outside);
  });

  it('get what HTTP gives: documents, refusals and file bytes, call for call', async () => {
    const { databases, storage } = adminClient(server);
    const inMemory = <T>(call: () => Promise<T>) => withEnv(server.functionsEnv(), () => outcome(call));
    const overHttp = <T>(call: () => Promise<T>) => outcome(call);
    const jpeg = await makeJpeg({ look: 'grain', random: prng(7), width: 320, height: 240 });
    const data = registrationFields({ full_name: 'Zoë "Q" Ünïcode \\ 😀\nline' });
    const create = (documentId: string) =>
      databases.createDocument({ ...where, documentId, data, permissions: [Permission.read(Role.user('someone'))] });
    const upload = (fileId: string) => storage.createFile({ bucketId: 'images', fileId, file: InputFile.fromBuffer(jpeg, 'photo.jpg') });

    // Writes: the same document and the same photo, made each way, differ in their ids and times only.
    expect(own(await inMemory(() => create('memory-a')))).toEqual(own(await overHttp(() => create('memory-b'))));
    expect(own(await inMemory(() => upload('photo-a')))).toEqual(own(await overHttp(() => upload('photo-b'))));

    // Reads and refusals: the same call gives the same answer.
    const calls: [string, () => Promise<unknown>][] = [
      ['a document', () => databases.getDocument({ ...where, documentId: 'memory-a' })],
      ['a missing document', () => databases.getDocument({ ...where, documentId: 'nosuchdocument' })],
      ['a taken id', () => create('memory-a')],
      [
        'a number for a name',
        () => databases.createDocument({ ...where, documentId: ID.unique(), data: { ...data, full_name: 42 } as object }),
      ],
      ['a photo', () => storage.getFileDownload({ bucketId: 'images', fileId: 'photo-a' }).then((b) => Buffer.from(b).toString('base64'))],
      ['a missing photo', () => storage.getFile({ bucketId: 'images', fileId: 'nosuchphoto' })],
    ];
    for (const [what, call] of calls) expect(await inMemory(call), what).toEqual(await overHttp(call));
    expect(await inMemory(calls[4]![1])).toEqual({ value: jpeg.toString('base64') });

    // And the same headers, but for those of the connection itself.
    const framing = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    const headersOf = async (res: Promise<Response>) => [...(await res).headers].filter(([name]) => !framing.has(name));
    const url = `${server.endpoint}/databases/warranty/collections/submissions/documents/memory-a`;
    const init = { headers: { 'X-Appwrite-Project': 'warranty', 'X-Appwrite-Key': server.secrets.apiKey } };
    const memoryHeaders = await withEnv(server.functionsEnv(), () => headersOf(fetch(url, init)));
    expect(memoryHeaders.map(([name]) => name)).toContain('x-content-type-options');
    expect(memoryHeaders).toEqual(await headersOf(fetch(url, init)));
  });

  it('take turns with the requests over HTTP: a function making a long run of calls does not hold up a customer', async () => {
    const { databases } = adminClient(server);
    const CALLS = 1_000;
    let made = 0;
    // A sweep or a migration at the server's start makes its calls one after the other, each awaited.
    const run = withEnv(server.functionsEnv(), async () => {
      for (; made < CALLS; made++) await databases.listDocuments({ ...where, queries: [Query.limit(1)] });
    });
    // A customer's request meanwhile, over HTTP to the same server.
    const answered = await fetch(`${server.url}/healthz`).then((res) => ({ status: res.status, madeBefore: made }));
    await run;
    expect(answered.status).toBe(200);
    // Answered while the run was under way: it did not wait for the run's thousand calls to end.
    expect(answered.madeBefore).toBeLessThan(CALLS / 2);
  });
});

describe('a stopped server', () => {
  it('is unreachable to its functions, as over the network: the functions answer 502 and say so', async () => {
    const server = await startTestServer();
    const env = server.functionsEnv();
    await server.dispose();
    const page = await withEnv(env, () => pageNewestFirst({ limit: 5 })).catch((e: unknown) => e);
    expect(page).toBeInstanceOf(HttpError);
    expect(page).toMatchObject({ status: 502, message: 'The database could not be reached. Please try again.' });
  });
});
