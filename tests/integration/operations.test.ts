// Running it for a store: a stop that loses nothing, backups taken under load that restore whole, a request log
// that carries no secret.
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backup, restore } from '../../server/backup';
import { startTestServer, type TestServer } from '../helpers/server';
import { makeJpeg, registration } from '../helpers/fixtures';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = '/databases/warranty/collections/submissions/documents';
const sha = (b: Uint8Array | ArrayBuffer) => createHash('sha256').update(new Uint8Array(b)).digest('hex');
const temp = () => mkdtempSync(join(tmpdir(), 'warranty-ops-'));

const keyHeaders = (server: TestServer) => ({ 'X-Appwrite-Project': 'warranty', 'X-Appwrite-Key': server.secrets.apiKey });

async function createDoc(server: TestServer, id: string): Promise<number> {
  const res = await fetch(`${server.endpoint}${DOCS}`, {
    method: 'POST',
    headers: { ...keyHeaders(server), 'Content-Type': 'application/json' },
    body: JSON.stringify({ documentId: id, data: registration({ full_name: `Customer ${id}` }) }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function uploadFile(server: TestServer, id: string, bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const form = new FormData();
  form.append('fileId', id);
  form.append('file', new File([bytes], `${id}.jpg`, { type: 'image/jpeg' }));
  const res = await fetch(`${server.endpoint}/storage/buckets/images/files`, { method: 'POST', headers: keyHeaders(server), body: form });
  await res.arrayBuffer();
  return res.status;
}

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
  vi.restoreAllMocks();
});

describe('a graceful stop', () => {
  it('lets requests in flight finish and answers none with a 500, under load', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    const server = await startTestServer();
    const statuses: number[] = [];
    let n = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        try {
          statuses.push(await createDoc(server, `load${n++}`));
        } catch {
          await new Promise((r) => setTimeout(r, 5)); // the port is closed: a client retries later
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    // Stopped mid-load: once the writers are well under way (however fast this machine is), with 16 still writing.
    for (let waited = 0; statuses.length < 60 && waited < 30_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    await server.close();
    running = false;
    await Promise.all(workers);

    const created = statuses.filter((s) => s === 201).length;
    expect(created).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(errors.filter((e) => /database connection is not open|unexpected error/i.test(e))).toEqual([]);

    // Everything the server confirmed is there after a restart.
    const again = await startTestServer({}, server.config.dataDir);
    cleanup.push(() => again.dispose());
    const ids = new Set((again.db.prepare('SELECT id FROM documents').all() as { id: string }[]).map((r) => r.id));
    expect(ids.size).toBeGreaterThanOrEqual(created);
  });

  it('waits for a request in flight before closing the database', async () => {
    const server = await startTestServer();
    const photo = await makeJpeg({ width: 1200, height: 900, quality: 95 });
    // An upload from a slow phone: half of it is on its way when the stop begins, the rest comes later.
    const boundary = 'slowboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fileId"\r\n\r\nslowone\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ring.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, photo, tail]);
    const half = Math.floor(body.length / 2);
    const status = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          hostname: '127.0.0.1',
          port: server.port,
          path: '/v1/storage/buckets/images/files',
          method: 'POST',
          headers: { ...keyHeaders(server), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, half));
      setTimeout(() => req.end(body.subarray(half)), 400);
    });
    await new Promise((r) => setTimeout(r, 150));
    const stopped = server.close();
    expect(await status).toBe(201);
    await stopped;
    const again = await startTestServer({}, server.config.dataDir);
    cleanup.push(() => again.dispose());
    const back = await fetch(`${again.endpoint}/storage/buckets/images/files/slowone/download`, { headers: keyHeaders(again) });
    expect(sha(await back.arrayBuffer())).toBe(sha(photo));
  });
});

describe('backups', () => {
  it('copies everything confirmed before the backup began, under a write load, and restores it byte for byte', async () => {
    const dataDir = temp();
    const server = await startTestServer({}, dataDir);
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const confirmedDocs: string[] = [];
    const confirmedFiles = new Map<string, string>();
    let running = true;
    let i = 0;
    const writer = async () => {
      while (running) {
        const id = `w${i++}`;
        if ((await createDoc(server, id)) === 201) confirmedDocs.push(id);
        const bytes = await makeJpeg({ width: 64, height: 48 });
        if ((await uploadFile(server, `f${id}`, bytes)) === 201) confirmedFiles.set(`f${id}`, sha(bytes));
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await new Promise((r) => setTimeout(r, 500));

    const docsBefore = [...confirmedDocs];
    const filesBefore = new Map(confirmedFiles);
    const target = join(temp(), 'backup');
    cleanup.push(() => rmSync(join(target, '..'), { recursive: true, force: true }));
    const manifest = await backup(dataDir, target);
    running = false;
    await Promise.all(writers);
    await server.close();
    expect(docsBefore.length).toBeGreaterThan(10);
    expect(manifest.files).toBeGreaterThanOrEqual(filesBefore.size);

    const fresh = join(temp(), 'data');
    cleanup.push(() => rmSync(join(fresh, '..'), { recursive: true, force: true }));
    restore(target, fresh);
    const restored = await startTestServer({}, fresh);
    cleanup.push(() => restored.close());
    // The same keys: a key from before the backup still works.
    expect(restored.secrets.apiKey).toBe(server.secrets.apiKey);
    const ids = new Set((restored.db.prepare('SELECT id FROM documents').all() as { id: string }[]).map((r) => r.id));
    expect(docsBefore.filter((id) => !ids.has(id))).toEqual([]);
    for (const [id, digest] of filesBefore) {
      const res = await fetch(`${restored.endpoint}/storage/buckets/images/files/${id}/download`, { headers: keyHeaders(restored) });
      expect(`${id} ${res.status}`).toBe(`${id} 200`);
      expect(sha(await res.arrayBuffer())).toBe(digest);
    }
  });

  it('runs from npm run backup / restore, and restore keeps an existing DATA_DIR unless told', async () => {
    const dataDir = temp();
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startTestServer({}, dataDir);
    expect(await createDoc(server, 'cli1')).toBe(201);
    const target = join(temp(), 'b');
    cleanup.push(() => rmSync(join(target, '..'), { recursive: true, force: true }));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });

    const made = run('backup', target);
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Backed up');
    expect(run('backup', target).stderr).toMatch(/not empty/);
    await server.close();

    const refused = run('restore', target);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--force/);
    const forced = run('restore', target, '--force');
    expect(forced.status).toBe(0);
    expect(forced.stdout).toMatch(/previous data is in/);
    const back = await startTestServer({}, dataDir);
    cleanup.push(() => back.close());
    expect(back.db.prepare("SELECT COUNT(*) AS n FROM documents WHERE id = 'cli1'").get()).toEqual({ n: 1 });
    expect(run('restore').status).toBe(2);
    expect(existsSync(join(dataDir, 'backup.json'))).toBe(false);
  });
});

describe('the request log', () => {
  it('writes one line per request with method, path, status and time, never a query or a code', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const server = await startTestServer({ logRequests: true });
    cleanup.push(() => server.dispose());
    await fetch(`${server.endpoint}/account/tokens/email`, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': 'warranty', 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: 'unique()', email: 'log@example.com' }),
    });
    await fetch(`${server.url}/healthz?secret=abc123`);
    const requests = lines.filter((l) => /^(GET|POST) /.test(l));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(/^POST \/v1\/account\/tokens\/email 201 \d+ms$/);
    expect(requests[1]).toMatch(/^GET \/healthz 200 \d+ms$/);
    const code = ((await (await fetch(`${server.url}/_dev/mail`)).json()) as { code: string }[])[0]!.code;
    expect(lines.join('\n')).not.toContain(code);
    expect(lines.join('\n')).not.toContain('abc123');
  });
});
