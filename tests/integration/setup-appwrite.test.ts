// `npm run setup:appwrite` against the embedded server: creates appwrite.json's schema, then finds it all in place.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Databases, Storage } from 'node-appwrite';
import { parseProjectFile, type ProjectFile } from '../../server/appwrite/project-file';
import { setupAppwrite } from '../../scripts/lib/setup-appwrite';
import { startTestServer, type TestServer } from '../helpers/server';

const root = new URL('../../', import.meta.url);
const project = parseProjectFile(JSON.parse(readFileSync(new URL('appwrite.json', root), 'utf8')));
const itemCount =
  project.databases.length +
  project.buckets.length +
  project.collections.reduce((n, c) => n + 1 + c.attributes.length + c.indexes.length, 0);

/** appwrite.json with every id renamed, so nothing of it is seeded yet. */
function copyOf(p: ProjectFile): ProjectFile {
  const copy = structuredClone(p);
  copy.databases = copy.databases.map((d) => ({ ...d, $id: 'warranty_copy' }));
  copy.collections = copy.collections.map((c) => ({ ...c, $id: `${c.$id}_copy`, databaseId: 'warranty_copy' }));
  copy.buckets = copy.buckets.map((b) => ({ ...b, $id: 'images_copy' }));
  return copy;
}

function runCli(env: Record<string, string>) {
  const { APPWRITE_ENDPOINT: _e, APPWRITE_PROJECT_ID: _p, APPWRITE_API_KEY: _k, ...rest } = process.env;
  return promisify(execFile)('npx', ['tsx', 'scripts/setup-appwrite.ts'], { cwd: root, env: { ...rest, NO_COLOR: '1', ...env } }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

describe('setup:appwrite', () => {
  let server: TestServer;
  let opts: { endpoint: string; projectId: string; apiKey: string };
  beforeAll(async () => {
    server = await startTestServer();
    opts = { endpoint: server.endpoint, projectId: project.projectId, apiKey: server.secrets.apiKey };
  });
  afterAll(() => server.dispose());

  it('creates a database, collection, attributes, indexes and bucket that are not there yet', async () => {
    const copy = copyOf(project);
    const lines: string[] = [];
    const result = await setupAppwrite({ ...opts, project: copy, log: (l) => lines.push(l) });
    const col = project.collections.find((c) => c.$id === 'submissions')!;
    expect(result.existing).toEqual([]);
    expect(result.created).toEqual([
      'database warranty_copy',
      ...project.collections.flatMap((c) => [
        `collection warranty_copy/${c.$id}_copy`,
        ...c.attributes.map((a) => `attribute warranty_copy/${c.$id}_copy.${a.key}`),
        ...c.indexes.map((i) => `index warranty_copy/${c.$id}_copy#${i.key}`),
      ]),
      'bucket images_copy',
    ]);
    expect(lines).toContain('created  bucket images_copy');
    expect(lines.at(-1)).toBe(`Done: ${result.created.length} created, 0 already there.`);

    const client = new Client().setEndpoint(opts.endpoint).setProject(opts.projectId).setKey(opts.apiKey);
    const databases = new Databases(client);
    const ids = { databaseId: 'warranty_copy', collectionId: 'submissions_copy' };
    const collection = await databases.getCollection(ids);
    expect(collection.name).toBe(col.name);
    expect(collection.documentSecurity).toBe(col.documentSecurity);
    expect(collection.$permissions).toEqual(col.$permissions);
    for (const a of col.attributes) {
      const got = (await databases.getAttribute({ ...ids, key: a.key })) as {
        type: string;
        required: boolean;
        size?: number;
        status: string;
      };
      expect(got, a.key).toMatchObject({ type: a.type, required: a.required, status: 'available' });
      if (a.type === 'string') expect(got.size, a.key).toBe(a.size);
    }
    for (const i of col.indexes) {
      const got = await databases.getIndex({ ...ids, key: i.key });
      expect(got.type).toBe(i.type);
      expect(got.attributes).toEqual(i.attributes);
    }
    const bucket = await new Storage(client).getBucket({ bucketId: 'images_copy' });
    const want = project.buckets[0]!;
    expect(bucket).toMatchObject({
      name: want.name,
      maximumFileSize: want.maximumFileSize,
      allowedFileExtensions: want.allowedFileExtensions,
      fileSecurity: want.fileSecurity,
    });
  });

  it('creates nothing on a second run', async () => {
    const copy = copyOf(project);
    await setupAppwrite({ ...opts, project: copy });
    const lines: string[] = [];
    const again = await setupAppwrite({ ...opts, project: copy, log: (l) => lines.push(l) });
    expect(again.created).toEqual([]);
    expect(again.existing).toHaveLength(itemCount);
    expect(lines.every((l) => l.startsWith('exists   ') || l.startsWith('Done:'))).toBe(true);
    expect(lines.at(-1)).toBe(`Done: 0 created, ${itemCount} already there.`);
  });

  it('finds the real appwrite.json already seeded by the server', async () => {
    const result = await setupAppwrite({ ...opts, project });
    expect(result.created).toEqual([]);
    expect(result.existing).toContain('database warranty');
    expect(result.existing).toContain('collection warranty/submissions');
    // The server's own state, as the functions keep it: every one of these is Appwrite's too.
    for (const id of ['integration_log', 'rate_limits', 'counters', 'mail_state', 'confirmation_links', 'migrations'])
      expect(result.existing).toContain(`collection warranty/${id}`);
    expect(result.existing).toContain('attribute warranty/confirmation_links.secret_hash');
    expect(result.existing).toContain('bucket images');
    expect(result.existing).toHaveLength(itemCount);
  });

  it('fails clearly with a wrong API key', async () => {
    await expect(setupAppwrite({ ...opts, apiKey: 'standard_wrong', project })).rejects.toThrow(
      /Appwrite refused the request \(401.*Invalid API key.*APPWRITE_API_KEY/,
    );
  });

  it('runs as `npm run setup:appwrite` from the environment', async () => {
    const ok = await runCli({ APPWRITE_ENDPOINT: opts.endpoint, APPWRITE_API_KEY: opts.apiKey });
    expect(ok.stderr).not.toMatch(/failed/);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('exists   collection warranty/submissions');
    expect(ok.stdout).toContain(`Done: 0 created, ${itemCount} already there.`);

    const missing = await runCli({ APPWRITE_ENDPOINT: opts.endpoint });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Missing APPWRITE_API_KEY in the environment.');
  });
});
