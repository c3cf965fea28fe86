// The official Appwrite CLI (appwrite-cli, run as its own process, no terminal) against the embedded server:
// `push` creates and changes collections, tables and buckets that the SDK then lives by, and `pull` writes an
// appwrite.json that matches the server. Its settings go to a temporary HOME and project folder only.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Client, Databases, ID, Query, Storage, TablesDB, type Models } from 'node-appwrite';
import { startTestServer, type TestServer } from '../helpers/server';
import { failure } from '../helpers/failure';
import { makeJpeg } from '../helpers/fixtures';

const require = createRequire(import.meta.url);
const cliPackage = require.resolve('appwrite-cli/package.json');
const CLI = join(dirname(cliPackage), (JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: { appwrite: string } }).bin.appwrite);
const REPO_PROJECT_FILE = new URL('../../appwrite.json', import.meta.url);

type Json = Record<string, unknown>;
type Field = Json & { key: string };
type Resource = Json & { $id: string; name: string };
type Collection = Resource & { databaseId: string; attributes: Field[]; indexes: Field[] };
type Table = Resource & { databaseId: string; columns: Field[]; indexes: Field[] };
type ProjectFile = {
  projectId: string;
  databases?: Resource[];
  collections?: Collection[];
  tablesDB?: Resource[];
  tables?: Table[];
  buckets?: Resource[];
};

const readProject = (folder: string) => JSON.parse(readFileSync(join(folder, 'appwrite.json'), 'utf8')) as ProjectFile;
const writeProject = (folder: string, p: ProjectFile) => writeFileSync(join(folder, 'appwrite.json'), JSON.stringify(p, null, 2));
const byId = <T extends { $id: string }>(list: T[] | undefined, id: string) => list?.find((x) => x.$id === id);

/** The keys the CLI keeps of an attribute, column or index, as the server shows them. */
const FIELD_KEYS = [
  'key',
  'type',
  'required',
  'array',
  'size',
  'default',
  'min',
  'max',
  'format',
  'elements',
  'attributes',
  'columns',
  'orders',
];
const pick = (o: object, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));

describe('the Appwrite CLI against the embedded server', () => {
  let server: TestServer;
  let dir: string;
  let home: string;
  let project: string;
  let databases: Databases;
  let tables: TablesDB;
  let storage: Storage;

  /** Runs the real CLI binary in `cwd` with nothing on stdin (it must never ask), settings under `homeDir`. */
  function appwrite(cwd: string, args: string[], homeDir = home): Promise<{ code: number | null; out: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        cwd,
        env: { PATH: process.env.PATH ?? '', HOME: homeDir, NO_COLOR: '1', FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      child.once('error', reject);
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
    });
  }

  const folder = (name: string, file: ProjectFile) => {
    const path = join(dir, name);
    mkdirSync(path);
    writeProject(path, file);
    return path;
  };

  beforeAll(async () => {
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'warranty-cli-'));
    home = join(dir, 'home');
    mkdirSync(home);
    // The repository's own appwrite.json, byte for byte.
    project = join(dir, 'project');
    mkdirSync(project);
    copyFileSync(REPO_PROJECT_FILE, join(project, 'appwrite.json'));
    const client = new Client().setEndpoint(server.endpoint).setProject('warranty').setKey(server.secrets.apiKey);
    databases = new Databases(client);
    tables = new TablesDB(client);
    storage = new Storage(client);
  });
  afterAll(async () => {
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is set up with `appwrite client`, its endpoint and key kept in the HOME it runs with', async () => {
    // As the README says: the project id comes from appwrite.json, so the project file is left as it is.
    const before = readFileSync(join(project, 'appwrite.json'), 'utf8');
    const { code, out } = await appwrite(project, ['client', '--endpoint', server.endpoint, '--key', server.secrets.apiKey]);
    expect(out).toContain('Setting client');
    expect(code).toBe(0);
    const prefs = JSON.parse(readFileSync(join(home, '.appwrite', 'prefs.json'), 'utf8')) as Record<string, Json> & { current: string };
    expect(prefs[prefs.current]).toMatchObject({ endpoint: server.endpoint, key: server.secrets.apiKey });
    expect(readFileSync(join(project, 'appwrite.json'), 'utf8')).toBe(before);
  });

  it('push collections adds an attribute, an index and a collection, which documents then use', async () => {
    // A registration made before the push: it must survive it and gain the new attribute as null.
    await databases.createDocument<Models.DefaultDocument>({
      databaseId: 'warranty',
      collectionId: 'submissions',
      documentId: 'before-push',
      data: { full_name: 'Ada Lovelace', email: 'ada@example.com' },
    });

    const file = readProject(project);
    const submissions = byId(file.collections, 'submissions')!;
    submissions.attributes.push({ key: 'gift_message', type: 'string', required: false, array: false, size: 40, default: null });
    submissions.indexes.push({ key: 'gift', type: 'key', status: 'available', attributes: ['gift_message'], orders: ['ASC'] });
    file.collections!.push({
      $id: 'feedback',
      $permissions: ['create("users")'],
      databaseId: 'warranty',
      name: 'Feedback',
      enabled: true,
      documentSecurity: true,
      attributes: [
        { key: 'rating', type: 'integer', required: true, array: false, min: 1, max: 5, default: null },
        { key: 'comment', type: 'string', required: false, array: false, size: 500, default: null },
      ],
      indexes: [],
    });
    writeProject(project, file);

    const { code, out } = await appwrite(project, ['push', 'collections', '--all', '--force']);
    expect(out).toContain('Successfully pushed 2 collections');
    expect(code).toBe(0);

    const ids = { databaseId: 'warranty', collectionId: 'submissions' };
    expect(await databases.getAttribute({ ...ids, key: 'gift_message' })).toMatchObject({ type: 'string', size: 40, status: 'available' });
    expect(await databases.getIndex({ ...ids, key: 'gift' })).toMatchObject({ attributes: ['gift_message'], status: 'available' });
    expect(await databases.getDocument({ ...ids, documentId: 'before-push' })).toMatchObject({
      full_name: 'Ada Lovelace',
      gift_message: null,
    });

    const doc = await databases.createDocument<Models.DefaultDocument>({
      ...ids,
      documentId: ID.unique(),
      data: { full_name: 'Grace Hopper', email: 'grace@example.com', gift_message: 'Happy anniversary' },
    });
    expect(doc.gift_message).toBe('Happy anniversary');
    const found = await databases.listDocuments({ ...ids, queries: [Query.equal('gift_message', 'Happy anniversary')] });
    expect(found.documents.map((d) => d.$id)).toEqual([doc.$id]);
    const tooLong = await failure(
      databases.createDocument<Models.DefaultDocument>({
        ...ids,
        documentId: ID.unique(),
        data: { full_name: 'Grace Hopper', email: 'grace@example.com', gift_message: 'x'.repeat(41) },
      }),
    );
    expect(tooLong.code).toBe(400);

    const feedback = { databaseId: 'warranty', collectionId: 'feedback' };
    expect(await databases.getCollection(feedback)).toMatchObject({
      name: 'Feedback',
      documentSecurity: true,
      $permissions: ['create("users")'],
    });
    expect(
      (await databases.createDocument<Models.DefaultDocument>({ ...feedback, documentId: ID.unique(), data: { rating: 5 } })).rating,
    ).toBe(5);
    expect(
      (await failure(databases.createDocument<Models.DefaultDocument>({ ...feedback, documentId: ID.unique(), data: { rating: 9 } }))).code,
    ).toBe(400);
  });

  it('push buckets changes a bucket’s settings, which uploads then obey, and creates a bucket', async () => {
    const file = readProject(project);
    Object.assign(byId(file.buckets, 'images')!, { maximumFileSize: 5000, allowedFileExtensions: ['png'] });
    file.buckets!.push({
      $id: 'receipts',
      $permissions: [],
      fileSecurity: false,
      name: 'Receipts',
      enabled: true,
      maximumFileSize: 2_000_000,
      allowedFileExtensions: ['jpg', 'jpeg'],
      compression: 'gzip',
      encryption: true,
      antivirus: true,
    });
    writeProject(project, file);

    const { code, out } = await appwrite(project, ['push', 'buckets', '--all', '--force']);
    expect(out).toContain('Successfully pushed 2 buckets.');
    expect(code).toBe(0);

    expect(await storage.getBucket({ bucketId: 'images' })).toMatchObject({
      maximumFileSize: 5000,
      allowedFileExtensions: ['png'],
      fileSecurity: true,
      $permissions: ['create("users")'],
    });
    const jpeg = await makeJpeg({ width: 40, height: 40 });
    const refusedType = await failure(
      storage.createFile({ bucketId: 'images', fileId: ID.unique(), file: new File([jpeg], 'ring.jpg', { type: 'image/jpeg' }) }),
    );
    expect(refusedType).toMatchObject({ code: 400, type: 'storage_file_type_unsupported' });
    const png = new Uint8Array(
      await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c8a96a' } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    expect(png.length).toBeGreaterThan(5000);
    const refusedSize = await failure(
      storage.createFile({ bucketId: 'images', fileId: ID.unique(), file: new File([png], 'ring.png', { type: 'image/png' }) }),
    );
    expect(refusedSize).toMatchObject({ code: 400, type: 'storage_invalid_file_size' });

    expect(await storage.getBucket({ bucketId: 'receipts' })).toMatchObject({
      name: 'Receipts',
      compression: 'gzip',
      maximumFileSize: 2_000_000,
    });
    const receipt = await storage.createFile({ bucketId: 'receipts', fileId: ID.unique(), file: new File([jpeg], 'receipt.jpg') });
    expect(receipt.sizeOriginal).toBe(jpeg.length);
  });

  it('pull collections, tables and buckets write an appwrite.json that matches the server', async () => {
    const pulled = folder('pulled', { projectId: 'warranty' });
    for (const args of [
      ['pull', 'collections', '--all'],
      ['pull', 'tables', '--all'],
      ['pull', 'buckets'],
    ]) {
      const { code, out } = await appwrite(pulled, args);
      expect(out, args.join(' ')).toMatch(/Successfully pulled \d+/);
      expect(code, `${args.join(' ')}\n${out}`).toBe(0);
    }
    const file = readProject(pulled);

    expect(file.databases).toEqual([{ $id: 'warranty', name: 'Warranty', enabled: true }]);
    expect(file.tablesDB).toEqual([{ $id: 'warranty', name: 'Warranty', enabled: true }]);

    const collections = (await databases.listCollections({ databaseId: 'warranty' })).collections;
    expect(file.collections!.map((c) => c.$id).sort()).toEqual(collections.map((c) => c.$id).sort());
    expect(collections.map((c) => c.$id)).toEqual(expect.arrayContaining(['submissions', 'feedback', 'integration_log', 'rate_limits']));
    for (const c of collections) {
      const local = byId(file.collections, c.$id)!;
      expect(local, c.$id).toMatchObject({
        name: c.name,
        documentSecurity: c.documentSecurity,
        $permissions: c.$permissions,
        enabled: c.enabled,
      });
      expect(local.attributes, c.$id).toEqual(c.attributes.map((a) => pick(a, FIELD_KEYS)));
      expect(
        local.indexes.map((i) => pick(i, FIELD_KEYS)),
        c.$id,
      ).toEqual(c.indexes.map((i) => pick(i, FIELD_KEYS)));
    }
    expect(byId(file.collections, 'submissions')!.attributes).toContainEqual(expect.objectContaining({ key: 'gift_message', size: 40 }));

    const remoteTables = (await tables.listTables({ databaseId: 'warranty' })).tables;
    expect(file.tables!.map((t) => t.$id).sort()).toEqual(remoteTables.map((t) => t.$id).sort());
    for (const t of remoteTables) {
      const local = byId(file.tables, t.$id)!;
      expect(local, t.$id).toMatchObject({ name: t.name, rowSecurity: t.rowSecurity, $permissions: t.$permissions });
      expect(local.columns, t.$id).toEqual(t.columns.map((col) => pick(col, FIELD_KEYS)));
      expect(
        local.indexes.map((i) => pick(i, FIELD_KEYS)),
        t.$id,
      ).toEqual(t.indexes.map((i) => pick(i, FIELD_KEYS)));
    }
    expect(byId(file.tables, 'feedback')!.columns).toContainEqual(
      expect.objectContaining({ key: 'rating', type: 'integer', min: 1, max: 5 }),
    );

    const BUCKET_KEYS = [
      '$id',
      '$permissions',
      'fileSecurity',
      'name',
      'enabled',
      'maximumFileSize',
      'allowedFileExtensions',
      'compression',
      'encryption',
      'antivirus',
    ];
    const buckets = (await storage.listBuckets()).buckets;
    expect(file.buckets).toEqual(buckets.map((b) => pick(b, BUCKET_KEYS)));
    expect(byId(file.buckets, 'images')).toMatchObject({ maximumFileSize: 5000, allowedFileExtensions: ['png'] });

    // Pushing what was just pulled changes nothing.
    for (const kind of ['collections', 'buckets']) {
      const { code, out } = await appwrite(pulled, ['push', kind, '--all', '--force']);
      expect(out, kind).not.toMatch(/recreating|deleting|adding/);
      expect(code, `${kind}\n${out}`).toBe(0);
    }
    expect((await databases.listCollections({ databaseId: 'warranty' })).collections).toEqual(collections);
    expect((await storage.listBuckets()).buckets.map((b) => pick(b, BUCKET_KEYS))).toEqual(file.buckets);
  });

  it('push tables from a pulled file adds a table and a column that rows then use, and deletes a table left out', async () => {
    const tablesProject = folder('tables', { projectId: 'warranty' });
    const pull = await appwrite(tablesProject, ['pull', 'tables', '--all']);
    expect(pull.code, pull.out).toBe(0);

    // Pushing what was just pulled changes nothing.
    const again = await appwrite(tablesProject, ['push', 'tables', '--all', '--force']);
    expect(again.out).toContain('No tables found to delete');
    expect(again.out).toContain('Successfully pushed 0 tables');
    expect(again.out).not.toMatch(/recreating|deleting|adding/);
    expect(again.code).toBe(0);

    const file = readProject(tablesProject);
    byId(file.tables, 'submissions')!.columns.push({
      key: 'channel',
      type: 'string',
      format: 'enum',
      elements: ['counter', 'phone'],
      required: false,
      array: false,
      default: 'counter',
    });
    file.tables!.push({
      $id: 'visits',
      $permissions: [],
      databaseId: 'warranty',
      name: 'Visits',
      enabled: true,
      rowSecurity: false,
      columns: [
        { key: 'store', type: 'string', required: true, array: false, size: 80, default: null },
        { key: 'minutes', type: 'double', required: false, array: false, min: 0, max: 600, default: null },
      ],
      indexes: [{ key: 'store', type: 'unique', status: 'available', columns: ['store'], orders: ['ASC'] }],
    });
    file.tables = file.tables!.filter((t) => t.$id !== 'feedback');
    writeProject(tablesProject, file);

    const { code, out } = await appwrite(tablesProject, ['push', 'tables', '--all', '--force']);
    expect(out).toContain('Deleted Feedback ( feedback )');
    expect(out).toContain('Successfully pushed 2 tables');
    expect(code).toBe(0);

    const row = await tables.createRow<Models.DefaultRow>({
      databaseId: 'warranty',
      tableId: 'submissions',
      rowId: ID.unique(),
      data: { full_name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(row.channel).toBe('counter');
    const wrong = await failure(
      tables.createRow<Models.DefaultRow>({
        databaseId: 'warranty',
        tableId: 'submissions',
        rowId: ID.unique(),
        data: { full_name: 'Ada Lovelace', email: 'ada@example.com', channel: 'fax' },
      }),
    );
    expect(wrong.code).toBe(400);

    const visits = { databaseId: 'warranty', tableId: 'visits' };
    expect(
      (await tables.createRow<Models.DefaultRow>({ ...visits, rowId: ID.unique(), data: { store: 'Soho', minutes: 12.5 } })).minutes,
    ).toBe(12.5);
    expect((await failure(tables.createRow<Models.DefaultRow>({ ...visits, rowId: ID.unique(), data: { store: 'Soho' } }))).code).toBe(409);
    expect(
      (await failure(tables.createRow<Models.DefaultRow>({ ...visits, rowId: ID.unique(), data: { store: 'Mayfair', minutes: 601 } })))
        .code,
    ).toBe(400);

    expect((await failure(tables.getTable({ databaseId: 'warranty', tableId: 'feedback' }))).code).toBe(404);
    // The registration made before any push is still there.
    expect(await databases.getDocument({ databaseId: 'warranty', collectionId: 'submissions', documentId: 'before-push' })).toMatchObject({
      full_name: 'Ada Lovelace',
      channel: 'counter',
    });
  });

  it('refuses a wrong API key', async () => {
    const otherHome = join(dir, 'other-home');
    mkdirSync(otherHome);
    const set = await appwrite(project, ['client', '--endpoint', server.endpoint, '--key', 'standard_wrong'], otherHome);
    expect(set.code).toBe(0);
    const refused = await appwrite(project, ['pull', 'buckets'], otherHome);
    expect(refused.out).toContain('Invalid API key.');
    expect(refused.code).toBe(1);
  });
});
