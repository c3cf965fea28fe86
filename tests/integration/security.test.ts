// The server attacked as the review attacked it: run directly, and behind a reverse proxy on the same machine
// (TRUST_PROXY=1, an https PUBLIC_URL). Each test performs an attack with plain HTTP and shows it refused.
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { configFromEnv } from '../../server/config';
import { createMailer } from '../../server/mail';
import { codeFor, startTestServer, type TestServer } from '../helpers/server';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { serverForSuite } from '../helpers/suite';
import { startReverseProxy, type ReverseProxy } from '../helpers/reverse-proxy';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher';
import { startChildServer } from '../helpers/child-server';
import { answerBeforeBodyEnds, sendChunkedBody } from '../helpers/raw-http';
import { makeJpeg } from '../helpers/fixtures';

const PROJECT = { 'X-Appwrite-Project': 'warranty' };
const DOCS = '/databases/warranty/collections/submissions/documents';
const LIMITS = { emailTokenPerEmail: 10, emailTokenPerIp: 100, sessionPerIpUser: 10, sessionPerUser: 20 };
const CHUNK = 5 * 1024 * 1024;
const sha = (b: ArrayBuffer | Uint8Array) => createHash('sha256').update(new Uint8Array(b)).digest('hex');

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { ...PROJECT, 'Content-Type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

/** Asks for a code for `email` and returns the user id the server gave it. */
async function requestCode(base: string, email: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/v1/account/tokens/email`, json({ userId: 'unique()', email }, extra));
}

async function guess(base: string, userId: string, secret: string, extra: Record<string, string> = {}) {
  return fetch(`${base}/v1/account/sessions/token`, json({ userId, secret }, extra));
}

/** One chunk of a chunked upload, as the SDK sends it. */
async function sendChunk(base: string, session: string, fileId: string, bytes: Uint8Array, index: number, name = 'ring.jpg') {
  const start = index * CHUNK;
  const end = Math.min(start + CHUNK, bytes.length) - 1;
  const form = new FormData();
  form.append('fileId', fileId);
  form.append('file', new File([bytes.slice(start, end + 1)], name, { type: 'image/jpeg' }));
  const res = await fetch(`${base}/v1/storage/buckets/images/files`, {
    method: 'POST',
    headers: {
      ...PROJECT,
      'X-Fallback-Cookies': session,
      'Content-Range': `bytes ${start}-${end}/${bytes.length}`,
      'X-Appwrite-ID': fileId,
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the dev mailbox never leaks codes', () => {
  it('cannot be on where the server is reachable from elsewhere, and a store without SMTP is told at start', () => {
    expect(() => configFromEnv({ PUBLIC_URL: 'https://warranty.example' })).toThrow(/PUBLIC_URL is set.*set SMTP_URL/s);
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY is set.*set SMTP_URL/s);
    expect(() => configFromEnv({ PUBLIC_URL: 'https://warranty.example', SMTP_URL: 'smtp://mail.example', DEV_MAILBOX: 'on' })).toThrow(
      /DEV_MAILBOX=on is refused/,
    );
    expect(() => configFromEnv({ DEV_MAILBOX: 'off' })).toThrow(/set SMTP_URL/);
    expect(configFromEnv({ PUBLIC_URL: 'https://warranty.example', SMTP_URL: 'smtp://mail.example' }).devMailbox).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: '1', SMTP_URL: 'smtp://mail.example' }).devMailbox).toBe(false);
    expect(configFromEnv({ SMTP_URL: 'smtp://mail.example' }).devMailbox).toBe(false);
    expect(configFromEnv({}).devMailbox).toBe(true); // npm start on one machine, nothing configured
  });

  it('says so at start, prints codes only while it is on, and keeps the generated staff password out of the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warranty-sec-'));
    const child = await startChildServer({ DATA_DIR: dir, STATIC_DIR: join(dir, 'none') });
    try {
      for (let i = 0; i < 100 && !child.output().includes('Staff sign-in'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(child.output()).toMatch(/GET \/_dev\/mail \(dev mailbox on/);
      const file = join(dir, 'staff-credentials.txt');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const { readFileSync } = await import('node:fs');
      const password = /Password: (\S+)/.exec(readFileSync(file, 'utf8'))![1]!;
      expect(child.output()).toContain(file);
      expect(child.output()).not.toContain(password);
    } finally {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    }

    const lines: string[] = [];
    const quiet = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x@example.com', devMailbox: false, log: (l) => lines.push(l) });
    await quiet
      .send({ to: 'ada@example.com', subject: 'Code', text: 'Your verification code is 123456.', code: '123456' })
      .catch(() => undefined);
    expect(quiet.inbox()).toBeNull();
    expect(lines).toEqual([]);
    const open = createMailer({ from: 'x@example.com', devMailbox: true, log: (l) => lines.push(l) });
    await open.send({ to: 'ada@example.com', subject: 'Code', text: '…', code: '654321' });
    expect(lines.join('\n')).toContain('654321');
  });

  describe('on one machine with the mailbox on', () => {
    const server = serverForSuite();
    beforeAll(async () => {
      expect((await requestCode(server.url, 'ada@example.com')).status).toBe(201);
    });

    it('answers a direct request from this machine', async () => {
      const res = await fetch(`${server.url}/_dev/mail`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { code?: string }[])[0]!.code).toMatch(/^\d{6}$/);
    });

    it('refuses anything that came through a proxy or under another host name', async () => {
      const attempts: Record<string, Record<string, string>> = {
        'X-Forwarded-For': { 'X-Forwarded-For': '203.0.113.7' },
        'X-Forwarded-Host': { 'X-Forwarded-Host': 'warranty.example' },
        'X-Forwarded-Proto': { 'X-Forwarded-Proto': 'https' },
        Forwarded: { Forwarded: 'for=203.0.113.7;proto=https' },
        'X-Real-IP': { 'X-Real-IP': '203.0.113.7' },
        'a rebinding Host': { Host: 'attacker.example' },
        'a rebinding Host with a port': { Host: `attacker.example:${server.port}` },
      };
      for (const [name, headers] of Object.entries(attempts)) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = httpRequest({ hostname: '127.0.0.1', port: server.port, path: '/_dev/mail', headers }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
        expect(`${name}: ${status}`).toBe(`${name}: 404`);
      }
    });
  });
});

describe('behind a reverse proxy (TRUST_PROXY=1, an https PUBLIC_URL)', () => {
  let server: TestServer;
  let proxy: ReverseProxy;
  let smtp: SmtpCatcher;
  const PUBLIC = 'https://warranty.example';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestServer({ publicUrl: PUBLIC, trustProxy: 1, smtpUrl: smtp.url, rateLimits: { ...LIMITS, emailTokenPerIp: 6 } });
    proxy = await startReverseProxy(server.url, { publicHost: 'warranty.example', proto: 'https', peerAs: '198.51.100.10' });
  });
  afterAll(async () => {
    await proxy.close();
    await server.dispose();
    await smtp.close();
  });

  it('keeps the dev mailbox closed, through the proxy and directly', async () => {
    expect((await requestCode(proxy.url, 'mailbox@example.com')).status).toBe(201);
    expect(smtp.codeFor('mailbox@example.com')).toMatch(/^\d{6}$/);
    expect((await fetch(`${proxy.url}/_dev/mail`)).status).toBe(404);
    expect((await fetch(`${server.url}/_dev/mail`)).status).toBe(404);
  });

  it('30 guesses at one code from forged addresses all end in refusals, and the code dies after 5', async () => {
    proxy.setPeer('198.51.100.20');
    const token = (await (await requestCode(proxy.url, 'victim@example.com')).json()) as { userId: string };
    const code = smtp.codeFor('victim@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await guess(proxy.url, token.userId, i === 5 ? code : wrong, { 'X-Forwarded-For': `203.0.113.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Guess 6 was the right code, after 5 wrong ones: the code was already dead.
    expect(statuses[5]).toBe(401);
    // The forged X-Forwarded-For entries stay left of what the proxy appended: all 30 count against one address.
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // Genuinely new addresses fare no better: the code stays dead, and the account's own limit closes in.
    const later: number[] = [];
    for (let i = 0; i < 12; i++) {
      proxy.setPeer(`198.51.100.${50 + i}`);
      later.push((await guess(proxy.url, token.userId, code)).status);
    }
    expect(later).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('counts code requests per real address, whatever X-Forwarded-For a client writes', async () => {
    proxy.setPeer('198.51.100.30');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await requestCode(proxy.url, `someone${i}@example.com`, { 'X-Forwarded-For': `203.0.113.${100 + i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
    proxy.setPeer('198.51.100.31');
    expect((await requestCode(proxy.url, 'someone-else@example.com')).status).toBe(201);
  });

  it('limits staff password guesses per account, whatever the address', async () => {
    const limited = await startTestServer({
      publicUrl: PUBLIC,
      trustProxy: 1,
      smtpUrl: smtp.url,
      rateLimits: LIMITS,
      staffEmail: 'staff@maison.example',
      staffPassword: 'correct horse battery',
    });
    const front = await startReverseProxy(limited.url, { publicHost: 'warranty.example' });
    try {
      const attempt = (password: string) =>
        fetch(`${front.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: limited.secrets.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'staff@maison.example', password }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        front.setPeer(`192.0.2.${i + 1}`); // a botnet: a new address for every guess
        statuses.push((await attempt(`guess-${i}`)).status);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
      expect(statuses.slice(30)).toEqual([429, 429]);
      // The account stays closed for the window, from any address.
      front.setPeer('192.0.2.200');
      const other = await attempt('still wrong');
      expect(other.status).toBe(429);
    } finally {
      await front.close();
      await limited.dispose();
    }
  });

  it('sends Secure cookies and HSTS for the https origin, and trusts PUBLIC_URL over Host', async () => {
    proxy.setPeer('198.51.100.40');
    const token = (await (await requestCode(proxy.url, 'cookie@example.com')).json()) as { userId: string };
    const res = await guess(proxy.url, token.userId, smtp.codeFor('cookie@example.com'));
    expect(res.status).toBe(201);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);

    const config = (await (await fetch(`${server.url}/app-config.json`, { headers: { Host: 'attacker.example' } })).json()) as Record<
      string,
      string
    >;
    expect(config.appwriteEndpoint).toBe(`${PUBLIC}/v1`);
    expect(config.supabaseUrl).toBe(PUBLIC);
  });

  it('answers CORS for the public origin only: no localhost origin once PUBLIC_URL is set', async () => {
    const fromLocal = await fetch(`${proxy.url}/v1/account`, { headers: { ...PROJECT, Origin: 'http://localhost:5173' } });
    expect(fromLocal.status).toBe(403);
    expect(fromLocal.headers.get('access-control-allow-origin')).toBeNull();
    const fromPublic = await fetch(`${proxy.url}/v1/account`, { headers: { ...PROJECT, Origin: PUBLIC } });
    expect(fromPublic.headers.get('access-control-allow-origin')).toBe(PUBLIC);
    const auth = await fetch(`${proxy.url}/auth/v1/user`, { headers: { apikey: server.secrets.anonKey, Origin: 'http://localhost:5173' } });
    expect(auth.headers.get('access-control-allow-origin')).toBeNull();
    const authPublic = await fetch(`${proxy.url}/auth/v1/user`, { headers: { apikey: server.secrets.anonKey, Origin: PUBLIC } });
    expect(authPublic.headers.get('access-control-allow-origin')).toBe(PUBLIC);
  });
});

describe('run directly (no proxy trusted)', () => {
  const server = serverForSuite({ rateLimits: LIMITS });

  it("ignores X-Forwarded-For: forged addresses share the caller's own limit", async () => {
    const token = (await (await requestCode(server.url, 'direct@example.com')).json()) as { userId: string };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await guess(server.url, token.userId, '000000', { 'X-Forwarded-For': `203.0.113.${i + 1}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  // Direct only: in front of the server, the proxy's own body limits apply (nginx: client_max_body_size).
  it('counts every body while reading it and checks credentials before reading any', async () => {
    const ada = await signedInCustomer(server, 'bodies@example.com');
    const session = ada.localStorage.getItem('cookieFallback')!;
    const oversize = await sendChunkedBody(
      `${server.endpoint}${DOCS}`,
      { ...PROJECT, 'Content-Type': 'application/json', 'X-Fallback-Cookies': session },
      3 * 1024 * 1024,
    );
    expect(oversize.status).toBe(413);
    expect(JSON.parse(oversize.body).type).toBe('general_payload_too_large');
    const upload = await sendChunkedBody(
      `${server.endpoint}/storage/buckets/images/files`,
      { ...PROJECT, 'Content-Type': 'multipart/form-data; boundary=x', 'X-Fallback-Cookies': session },
      8 * 1024 * 1024,
    );
    expect(upload.status).toBe(413);
    const auth = await sendChunkedBody(
      `${server.url}/auth/v1/token?grant_type=password`,
      { apikey: server.secrets.anonKey, 'Content-Type': 'application/json' },
      2 * 1024 * 1024,
    );
    expect(auth.status).toBe(413);

    // Wrong credentials with a body that never ends: the answer comes without the body.
    const badKey = await answerBeforeBodyEnds(`${server.endpoint}${DOCS}`, {
      ...PROJECT,
      'X-Appwrite-Key': 'not-the-key',
      'Content-Type': 'application/json',
    });
    expect(badKey.status).toBe(401);
    const guestUpload = await answerBeforeBodyEnds(`${server.endpoint}/storage/buckets/images/files`, {
      ...PROJECT,
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect(guestUpload.status).toBe(401);
    const guestDoc = await answerBeforeBodyEnds(`${server.endpoint}${DOCS}`, { ...PROJECT, 'Content-Type': 'application/json' });
    expect(guestDoc.status).toBe(401);
    const noApiKey = await answerBeforeBodyEnds(`${server.url}/auth/v1/token?grant_type=password`, { 'Content-Type': 'application/json' });
    expect(noApiKey.status).toBe(401);
    // Still serving.
    expect((await fetch(`${server.endpoint}/health`)).status).toBe(200);
  });

  it('gives plain-http cookies without Secure and sends no HSTS', async () => {
    const ada = await signedInCustomer(server, 'plain@example.com');
    expect(ada.userId).toBeTruthy();
    const token = (await (await requestCode(server.url, 'plain2@example.com')).json()) as { userId: string };
    const mails = (await (await fetch(`${server.url}/_dev/mail`)).json()) as { to: string; code: string }[];
    const res = await guess(server.url, token.userId, mails.find((m) => m.to === 'plain2@example.com')!.code);
    expect(res.status).toBe(201);
    for (const cookie of res.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

/** How a test reaches the server: directly, or through a reverse proxy with an https PUBLIC_URL and SMTP. */
type Mode = {
  name: string;
  base: string;
  endpoint: string;
  server(): TestServer;
  code(email: string): Promise<string>;
  signIn(email: string): Promise<Customer>;
};

const modes: { name: string; start(): Promise<Mode & { stop(): Promise<void> }> }[] = [
  {
    name: 'run directly',
    async start() {
      const server = await startTestServer({ rateLimits: LIMITS });
      return {
        name: 'direct',
        base: server.url,
        endpoint: server.endpoint,
        server: () => server,
        code: (email) => codeFor(server, email),
        signIn: (email) => signedInCustomer(server, email),
        stop: () => server.dispose(),
      };
    },
  },
  {
    name: 'behind a reverse proxy (TRUST_PROXY=1, an https PUBLIC_URL)',
    async start() {
      const smtp = await startSmtpCatcher();
      const server = await startTestServer({ publicUrl: 'https://warranty.example', trustProxy: 1, smtpUrl: smtp.url, rateLimits: LIMITS });
      const proxy = await startReverseProxy(server.url, { publicHost: 'warranty.example', proto: 'https' });
      const code = async (email: string) => smtp.codeFor(email);
      return {
        name: 'proxied',
        base: proxy.url,
        endpoint: `${proxy.url}/v1`,
        server: () => server,
        code,
        signIn: (email) => signedInCustomer({ url: proxy.url, endpoint: `${proxy.url}/v1` }, email, smtp.codeFor),
        async stop() {
          await proxy.close();
          await server.dispose();
          await smtp.close();
        },
      };
    },
  },
];

describe.each(modes)('documents, files and bodies, $name', ({ start }) => {
  let m: Mode & { stop(): Promise<void> };
  beforeAll(async () => {
    m = await start();
  });
  afterAll(() => m.stop());

  it("answers a cursor naming someone else's document exactly as one naming a missing document", async () => {
    const ada = await m.signIn('cursor-ada@example.com');
    const bob = await m.signIn('cursor-bob@example.com');
    const { $id: hidden } = await createRegistration(ada);
    await createRegistration(bob);
    const missing = ID.unique();
    const session = bob.localStorage.getItem('cookieFallback')!;
    for (const method of ['cursorAfter', 'cursorBefore']) {
      const ask = async (id: string) => {
        const q = encodeURIComponent(JSON.stringify({ method, values: [id] }));
        const res = await fetch(`${m.endpoint}${DOCS}?queries[]=${q}`, { headers: { ...PROJECT, 'X-Fallback-Cookies': session } });
        return { status: res.status, body: (await res.text()).replace(id, 'ID') };
      };
      const [onHidden, onMissing] = [await ask(hidden), await ask(missing)];
      expect(onHidden).toEqual(onMissing);
      expect(onHidden.status).toBe(400);
    }
  });

  it('keeps a chunked upload to the account that started it, and tells others nothing about finished files', async () => {
    const ada = await m.signIn('chunk-ada@example.com');
    const eve = await m.signIn('chunk-eve@example.com');
    const adaSession = ada.localStorage.getItem('cookieFallback')!;
    const eveSession = eve.localStorage.getItem('cookieFallback')!;
    const photo = await makeJpeg({ width: 2400, height: 2200, quality: 100 });
    expect(photo.length).toBeGreaterThan(CHUNK);
    const fileId = ID.unique();
    expect((await sendChunk(m.base, adaSession, fileId, photo, 0)).status).toBe(201);

    // Eve knows the id (say, from a shared screen) and sends her own bytes as the rest of Ada's photo.
    const hijack = await sendChunk(m.base, eveSession, fileId, new Uint8Array(photo.length).fill(0x41), 1);
    expect(hijack.status).toBe(409);
    expect(hijack.body.type).toBe('storage_file_already_exists');

    const done = await sendChunk(m.base, adaSession, fileId, photo, 1);
    expect(done.status).toBe(201);
    expect(done.body.chunksUploaded).toBe(2);
    const back = await fetch(`${m.endpoint}/storage/buckets/images/files/${fileId}/download?project=warranty`, {
      headers: { 'X-Fallback-Cookies': adaSession },
    });
    expect(sha(await back.arrayBuffer())).toBe(sha(photo));

    // A chunk "for" the finished file: its owner is told it is there, anyone else only that the id is taken.
    const probe = await sendChunk(m.base, eveSession, fileId, photo, 1);
    expect(probe.status).toBe(409);
    expect(probe.body).not.toHaveProperty('$id');
    expect(probe.body).not.toHaveProperty('name');
    expect(JSON.stringify(probe.body)).not.toContain('ring.jpg');
    expect((await sendChunk(m.base, adaSession, fileId, photo, 1)).status).toBe(200);
  });

  it('checks every chunk of a joined file: an image head on other content is refused and nothing is kept', async () => {
    const ada = await m.signIn('polyglot@example.com');
    const session = ada.localStorage.getItem('cookieFallback')!;
    const photo = await makeJpeg({ width: 2400, height: 2200, quality: 100 });

    // The first chunk is a real JPEG's; the second is a program's bytes.
    const program = new Uint8Array(photo.length - CHUNK);
    for (let i = 0; i < program.length; i++) program[i] = (i * 131 + 7) & 0xff;
    const swapped = new Uint8Array([...photo.slice(0, CHUNK), ...program]);
    const id1 = ID.unique();
    expect((await sendChunk(m.base, session, id1, swapped, 0)).status).toBe(201);
    const refused = await sendChunk(m.base, session, id1, swapped, 1);
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe('storage_file_type_unsupported');
    expect(
      (await fetch(`${m.endpoint}/storage/buckets/images/files/${id1}?project=warranty`, { headers: { 'X-Fallback-Cookies': session } }))
        .status,
    ).toBe(404);

    // A whole JPEG with a web page after its end marker.
    const page = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const appended = new Uint8Array([...photo, ...page]);
    const id2 = ID.unique();
    await sendChunk(m.base, session, id2, appended, 0);
    const second = await sendChunk(m.base, session, id2, appended, 1);
    expect(second.status).toBe(400);
    expect(String(second.body.message)).toMatch(/data after the end of the JPEG/);

    // A chunk sent again with other bytes does not replace the one already received.
    const id3 = ID.unique();
    expect((await sendChunk(m.base, session, id3, photo, 0)).status).toBe(201);
    expect(
      (
        await sendChunk(
          m.base,
          session,
          id3,
          swapped.map((b, i) => (i < CHUNK ? b : 0x41)),
          0,
        )
      ).status,
    ).toBe(201);
    expect((await sendChunk(m.base, session, id3, photo, 1)).status).toBe(201);
    const back = await fetch(`${m.endpoint}/storage/buckets/images/files/${id3}/download?project=warranty`, {
      headers: { 'X-Fallback-Cookies': session },
    });
    expect(sha(await back.arrayBuffer())).toBe(sha(photo));

    // Small uploads are checked whole too.
    const form = new FormData();
    form.append('fileId', ID.unique());
    form.append('file', new File([await makeJpeg({ width: 64, height: 64 }), page], 'ring.jpg', { type: 'image/jpeg' }));
    const whole = await fetch(`${m.endpoint}/storage/buckets/images/files`, {
      method: 'POST',
      headers: { ...PROJECT, 'X-Fallback-Cookies': session },
      body: form,
    });
    expect(whole.status).toBe(400);
  });

  it('downloads and shows a file under its non-ASCII name', async () => {
    const ada = await m.signIn('names@example.com');
    const name = 'Bague – café 指輪 "front".jpg';
    const fileId = ID.unique();
    await ada.as(async () =>
      ada.storage.createFile({ bucketId: 'images', fileId, file: new File([await makeJpeg()], name, { type: 'image/jpeg' }) }),
    );
    for (const kind of ['download', 'view']) {
      const res = await fetch(`${m.endpoint}/storage/buckets/images/files/${fileId}/${kind}?project=warranty`, {
        headers: { 'X-Fallback-Cookies': ada.localStorage.getItem('cookieFallback')! },
      });
      expect(res.status).toBe(200);
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition.startsWith(kind === 'download' ? 'attachment;' : 'inline;')).toBe(true);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!)).toBe(name);
      expect(/filename="([^"]*)"/.exec(disposition)![1]).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('gives customer sessions a 24-hour life by default', async () => {
    expect(configFromEnv({}).sessionTtlMs).toBe(24 * 3_600_000);
    const token = (await (await requestCode(m.base, 'ttl@example.com')).json()) as { userId: string };
    const res = await guess(m.base, token.userId, await m.code('ttl@example.com'));
    const session = (await res.json()) as { expire: string };
    const hours = (Date.parse(session.expire) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });
});

describe('no disk filling', () => {
  it('limits what one account creates in a day, and leaves API keys and other accounts alone', async () => {
    const server = await startTestServer({ rateLimits: LIMITS, quotas: { documentsPerDay: 3, filesPerDay: 2, bytesPerDay: 50_000_000 } });
    try {
      const ada = await signedInCustomer(server, 'busy@example.com');
      const create = (documentId?: string) => createRegistration(ada, {}, documentId);
      const { $id: first } = await create();
      // The outbox's retries of a document the server already has do not use up the day's quota.
      for (let i = 0; i < 5; i++) await expect(create(first)).rejects.toMatchObject({ code: 409 });
      for (let i = 0; i < 2; i++) await create();
      await expect(create()).rejects.toMatchObject({ code: 429 });
      const upload = async () =>
        ada.as(async () =>
          ada.storage.createFile({ bucketId: 'images', fileId: ID.unique(), file: new File([await makeJpeg()], 'a.jpg') }),
        );
      await upload();
      await upload();
      await expect(upload()).rejects.toMatchObject({ code: 429 });
      await createRegistration(await signedInCustomer(server, 'calm@example.com'));
    } finally {
      await server.dispose();
    }
    const defaults = configFromEnv({}).quotas;
    expect(defaults.documentsPerDay).toBe(20);
    expect(defaults.filesPerDay).toBe(100);
  });

  it('sweeps unfinished chunked uploads once they are older than the upload lifetime', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warranty-sweep-'));
    try {
      const first = await startTestServer({}, dir);
      const ada = await signedInCustomer(first, 'half@example.com');
      const photo = await makeJpeg({ width: 2400, height: 2200, quality: 100 });
      const fileId = ID.unique();
      expect((await sendChunk(first.url, ada.localStorage.getItem('cookieFallback')!, fileId, photo, 0)).status).toBe(201);
      const uploads = join(dir, 'storage', 'uploads', 'images');
      expect(readdirSync(uploads)).toEqual([fileId]);
      await first.close();

      // A day later (here: a lifetime of 1 ms), the next start clears it.
      await new Promise((r) => setTimeout(r, 20));
      const second = await startTestServer({ uploadTtlMs: 1 }, dir);
      try {
        expect(existsSync(join(uploads, fileId))).toBe(false);
        const row = second.db.prepare('SELECT COUNT(*) AS n FROM files WHERE id = ?').get(fileId) as { n: number };
        expect(row.n).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
