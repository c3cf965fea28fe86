// Fulltext indexes (Appwrite's `type: "fulltext"`, what `Query.search` needs) as SQLite FTS5 tables.
// Each index has an FTS5 table with the trigram tokenizer (substrings of 3+ characters, case- and accent-insensitive)
// and a map from the table's rows to the documents. Triggers on `documents` keep both in step with every create,
// update and delete, in the same transaction as the write. An FTS row is numbered anew on every change of its
// document, so the FTS table's own row order is the order of the documents' last changes ($updatedAt): a search whose
// answer is "newest change first" reads the matches in that order and stops at the page's end, however many match.
import { createHash } from 'node:crypto';
import { sqlLiteral as literal, type Db } from '../store/sqlite';
import type { CollectionInfo, IndexSpec } from './schema';

export type FulltextTables = { fts: string; map: string };

const hash = (databaseId: string, collectionId: string, key: string) =>
  createHash('sha256').update(`fulltext/${databaseId}/${collectionId}/${key}`).digest('hex').slice(0, 16);

export const fulltextTables = (databaseId: string, collectionId: string, key: string): FulltextTables => {
  const h = hash(databaseId, collectionId, key);
  return { fts: `ft_${h}`, map: `ftm_${h}` };
};

/** The JSON path of an attribute, as an SQL literal. */
const path = (attribute: string) => literal(`$."${attribute}"`);

/** The FTS5 column of the index's n-th attribute. */
export const ftsColumn = (n: number) => `a${n}`;

/** Creates the index's FTS table, its map and triggers, filled from the documents already stored. Runs inside the caller's transaction. */
export function createFulltext(db: Db, databaseId: string, collectionId: string, spec: IndexSpec) {
  const { fts, map } = fulltextTables(databaseId, collectionId, spec.key);
  const columns = spec.attributes.map((_, i) => ftsColumn(i));
  const values = (row: 'new' | 'd') => spec.attributes.map((a) => `json_extract(${row}.data, ${path(a)})`).join(', ');
  const mine = (row: 'new' | 'old') => `${row}.database_id = ${literal(databaseId)} AND ${row}.collection_id = ${literal(collectionId)}`;
  const add = `INSERT INTO ${map}(seq) VALUES (new.seq);
    INSERT INTO ${fts}(rowid, ${columns.join(', ')}) VALUES ((SELECT ft FROM ${map} WHERE seq = new.seq), ${values('new')});`;
  const remove = `DELETE FROM ${fts} WHERE rowid = (SELECT ft FROM ${map} WHERE seq = old.seq);
    DELETE FROM ${map} WHERE seq = old.seq;`;
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS ${fts} USING fts5(${columns.join(', ')}, tokenize = 'trigram remove_diacritics 1');
    CREATE TABLE IF NOT EXISTS ${map} (ft INTEGER PRIMARY KEY, seq INTEGER NOT NULL UNIQUE);
    DROP TRIGGER IF EXISTS ${fts}_insert;
    DROP TRIGGER IF EXISTS ${fts}_update;
    DROP TRIGGER IF EXISTS ${fts}_delete;
    DELETE FROM ${fts};
    DELETE FROM ${map};
    INSERT INTO ${map}(seq) SELECT seq FROM documents
      WHERE database_id = ${literal(databaseId)} AND collection_id = ${literal(collectionId)} ORDER BY updated_at, seq;
    INSERT INTO ${fts}(rowid, ${columns.join(', ')}) SELECT m.ft, ${values('d')} FROM ${map} m JOIN documents d ON d.seq = m.seq;
    CREATE TRIGGER ${fts}_insert AFTER INSERT ON documents WHEN ${mine('new')} BEGIN ${add} END;
    CREATE TRIGGER ${fts}_update AFTER UPDATE OF data, updated_at ON documents WHEN ${mine('new')} BEGIN ${remove} ${add} END;
    CREATE TRIGGER ${fts}_delete AFTER DELETE ON documents WHEN ${mine('old')} BEGIN ${remove} END;
  `);
}

/** Drops the index's FTS table, map and triggers. Runs inside the caller's transaction. */
export function dropFulltext(db: Db, databaseId: string, collectionId: string, key: string) {
  const { fts, map } = fulltextTables(databaseId, collectionId, key);
  db.exec(`
    DROP TRIGGER IF EXISTS ${fts}_insert;
    DROP TRIGGER IF EXISTS ${fts}_update;
    DROP TRIGGER IF EXISTS ${fts}_delete;
    DROP TABLE IF EXISTS ${fts};
    DROP TABLE IF EXISTS ${map};
  `);
}

/** Every fulltext index recorded without its FTS table (declared before they were kept) gets one, filled. */
export function ensureFulltextTables(db: Db) {
  const rows = db.prepare('SELECT database_id, collection_id, spec FROM indexes').all() as {
    database_id: string;
    collection_id: string;
    spec: string;
  }[];
  for (const r of rows) {
    const spec = JSON.parse(r.spec) as IndexSpec;
    if (spec.type !== 'fulltext') continue;
    const { fts } = fulltextTables(r.database_id, r.collection_id, spec.key);
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(fts)) continue;
    db.transaction(() => createFulltext(db, r.database_id, r.collection_id, spec))();
  }
}

/** The fulltext index that `Query.search` on `attribute` uses: one on exactly that attribute, as Appwrite requires. */
export const fulltextIndexOf = (col: CollectionInfo, attribute: string): IndexSpec | undefined =>
  col.indexes.find((i) => i.type === 'fulltext' && i.attributes.length === 1 && i.attributes[0] === attribute);

/** Terms of 3 characters or more are looked up in the FTS table; shorter ones have no trigram. */
export const isIndexedTerm = (term: string) => [...term].length >= 3;

/** An FTS5 query finding every term as a substring: each is a quoted string, so no term is read as FTS syntax. */
export const ftsMatch = (terms: readonly string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' ');
