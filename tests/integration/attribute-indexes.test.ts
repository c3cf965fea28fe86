// Every collection's documents share one SQLite table; each attribute index declared in appwrite.json holds only its
// own collection's documents (a partial index), so a write touches only its collection's indexes, and the list route
// writes its collection into the SQL so that SQLite may use them. A data dir made before is converted at start.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ID, Query } from 'node-appwrite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SchemaAdmin } from '../../server/appwrite/admin';
import { SchemaCache } from '../../server/appwrite/schema';
import { DB_FILE, type Db } from '../../server/store/sqlite';
import { adminClient, startTestServer, type TestServer } from '../helpers/server';
import { failure } from '../helpers/failure';
import { serverForSuite } from '../helpers/suite';

type Declared = { $id: string; indexes: { key: string; type: string; attributes: string[] }[] };
const project = JSON.parse(readFileSync(new URL('../../appwrite.json', import.meta.url), 'utf8')) as { collections: Declared[] };

/** The SQLite index name of a declared index (the name data dirs already hold). */
const ixName = (collectionId: string, key: string) =>
  'ix_' + createHash('sha256').update(`warranty/${collectionId}/${key}`).digest('hex').slice(0, 16);

/** The declared indexes that have an SQLite index of their own (not fulltext, not on built-in columns only). */
const declared = project.collections.flatMap((c) =>
  c.indexes
    .filter((i) => i.type !== 'fulltext' && !(i.type === 'key' && i.attributes.every((a) => a.startsWith('$'))))
    .map((i) => ({ collection: c.$id, key: i.key, name: ixName(c.$id, i.key) })),
);

const ixIndexes = (db: Db) =>
  db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'ix\\_%' ESCAPE '\\'").all() as {
    name: string;
    sql: string;
  }[];
const ownWhere = (collectionId: string) => ` WHERE database_id = 'warranty' AND collection_id = '${collectionId}'`;
/** Entries the index's b-tree holds: in an index b-tree every cell, interior or leaf, is one entry. */
const entries = (db: Db, name: string) =>
  (db.prepare('SELECT COALESCE(SUM(ncell), 0) AS n FROM dbstat WHERE name = ?').get(name) as { n: number }).n;
const stored = (db: Db, collectionId: string) =>
  (
    db.prepare("SELECT COUNT(*) AS n FROM documents WHERE database_id = 'warranty' AND collection_id = ?").get(collectionId) as {
      n: number;
    }
  ).n;

const logEntry = (registrationId: string) => ({
  registration_id: registrationId,
  action: 'send_to_shopify',
  result: 'ok',
  at: new Date().toISOString(),
});
const addLogEntries = (server: TestServer, registrationId: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      adminClient(server).databases.createDocument({
        databaseId: 'warranty',
        collectionId: 'integration_log',
        documentId: ID.unique(),
        data: logEntry(registrationId),
      }),
    ),
  );
const listLog = (server: TestServer, registrationId: string) =>
  adminClient(server).databases.listDocuments({
    databaseId: 'warranty',
    collectionId: 'integration_log',
    queries: [Query.equal('registration_id', registrationId)],
  });

describe('attribute indexes', () => {
  const server = serverForSuite();

  it('each holds only its own collection: a fresh data dir has them all, each naming its collection', () => {
    const found = new Map(ixIndexes(server.db).map((r) => [r.name, r.sql]));
    expect(declared.length).toBeGreaterThan(10);
    expect([...found.keys()].sort()).toEqual(declared.map((d) => d.name).sort());
    for (const d of declared) expect(found.get(d.name), `${d.collection}.${d.key}`).toMatch(new RegExp(`${ownWhere(d.collection)}$`));
  });

  it('a document written in one collection adds no entry to another collection’s index', async () => {
    const claimsBefore = entries(server.db, ixName('claims', 'registration_id'));
    const mailBefore = entries(server.db, ixName('mail_state', 'status_next'));
    await addLogEntries(server, 'reg-entries', 40);
    expect(entries(server.db, ixName('claims', 'registration_id'))).toBe(claimsBefore);
    expect(entries(server.db, ixName('mail_state', 'status_next'))).toBe(mailBefore);
    // Each index holds exactly its collection's documents.
    expect(entries(server.db, ixName('claims', 'registration_id'))).toBe(stored(server.db, 'claims'));
    expect(entries(server.db, ixName('integration_log', 'registration_id'))).toBe(stored(server.db, 'integration_log'));
    expect(stored(server.db, 'integration_log')).toBeGreaterThanOrEqual(40);
  });

  it('a filtered list reads the collection’s own index, not the whole collection', async () => {
    await addLogEntries(server, 'reg-planned', 3);
    // The statements the list route prepares (each SQL text once: this filter on this collection is new here).
    const prepare = vi.spyOn(server.db, 'prepare');
    let listed: Awaited<ReturnType<typeof listLog>>;
    let prepared: string[];
    try {
      listed = await listLog(server, 'reg-planned');
    } finally {
      prepared = prepare.mock.calls.map(([sql]) => sql);
      prepare.mockRestore();
    }
    expect(listed.documents.map((d) => d.registration_id)).toEqual(['reg-planned', 'reg-planned', 'reg-planned']);
    expect(listed.total).toBe(3);
    const statements = prepared.filter((sql) => /FROM documents d WHERE/.test(sql));
    // The page and its total.
    expect(statements).toHaveLength(2);
    for (const sql of statements) {
      const nulls = Array<null>((sql.match(/\?/g) ?? []).length).fill(null);
      const plan = (server.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...nulls) as { detail: string }[]).map((r) => r.detail).join('\n');
      expect(plan, sql).toMatch(
        new RegExp(
          `^SEARCH d USING (COVERING )?INDEX ${ixName('integration_log', 'registration_id')} \\(database_id=\\? AND collection_id=\\? AND <expr>=\\?\\)$`,
          'm',
        ),
      );
    }
  });
});

describe('a data dir from before the attribute indexes were partial', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warranty-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has them converted at the next start, and its documents are still found', async () => {
    const first = await startTestServer({}, dir);
    await addLogEntries(first, 'reg-old', 3);
    await addLogEntries(first, 'reg-other', 2);
    await first.close();

    // The indexes as they were made before: the same name and columns, over every document of every collection.
    const db = new Database(join(dir, DB_FILE));
    for (const { name, sql } of ixIndexes(db)) {
      db.exec(`DROP INDEX ${name}`);
      db.exec(sql.replace(/ WHERE .*$/, ''));
    }
    expect(ixIndexes(db).filter((r) => r.sql.includes(' WHERE '))).toEqual([]);
    expect(entries(db, ixName('claims', 'registration_id'))).toBe(
      (db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n,
    );
    db.close();

    const server = await startTestServer({}, dir);
    try {
      const found = new Map(ixIndexes(server.db).map((r) => [r.name, r.sql]));
      expect(found.size).toBe(declared.length);
      for (const d of declared) expect(found.get(d.name), `${d.collection}.${d.key}`).toMatch(new RegExp(`${ownWhere(d.collection)}$`));
      expect(entries(server.db, ixName('claims', 'registration_id'))).toBe(stored(server.db, 'claims'));
      expect(entries(server.db, ixName('integration_log', 'registration_id'))).toBe(5);

      const listed = await listLog(server, 'reg-old');
      expect(listed.total).toBe(3);
      expect(listed.documents.map((d) => d.registration_id)).toEqual(['reg-old', 'reg-old', 'reg-old']);

      // A unique index still refuses a second document with its value in its collection.
      const { databases } = adminClient(server);
      const event = {
        claim_id: 'c1',
        action: 'ask',
        by_role: 'staff',
        at: new Date().toISOString(),
        status_after: 'submitted',
        slot: 'c1:2',
      };
      await databases.createDocument({ databaseId: 'warranty', collectionId: 'claim_events', documentId: ID.unique(), data: event });
      const again = await failure(
        databases.createDocument({ databaseId: 'warranty', collectionId: 'claim_events', documentId: ID.unique(), data: event }),
      );
      expect(again.code).toBe(409);

      // Converted once: the next look finds nothing to do.
      expect(new SchemaAdmin(server.db, new SchemaCache(server.db)).upgradeIndexes()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
