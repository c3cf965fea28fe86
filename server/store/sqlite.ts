// Opens the one SQLite database under DATA_DIR and keeps its schema.
// WAL with synchronous=NORMAL: a committed transaction survives a killed process (the OS still holds the
// pages); only a power cut can lose the last few commits before a checkpoint.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

/** The database's file in DATA_DIR. */
export const DB_FILE = 'warranty.sqlite';

/**
 * The row a write's RETURNING gives. Not `.get()`: it stops at the first row and leaves the statement open, and an open
 * statement pins the WAL, which then never restarts (it grew to 2.4 GB in ten seconds of creates). `.all()` runs the
 * statement to its end.
 */
export const returnedRow = <T>(statement: Database.Statement, ...params: unknown[]): T => statement.all(...params)[0] as T;

/** An SQL string literal, for the ids written into SQL text (checked on creation; quoted all the same). */
export const sqlLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The condition that picks one collection's documents (`prefix` being the table's alias with its dot), with the ids
 * as literals: an attribute index holds only its collection's documents (a partial index), and SQLite uses such an
 * index only for a query whose WHERE visibly implies the index's, which a bound parameter never does.
 */
export const collectionScope = (databaseId: string, collectionId: string, prefix = '') =>
  `${prefix}database_id = ${sqlLiteral(databaseId)} AND ${prefix}collection_id = ${sqlLiteral(collectionId)}`;

const migrations: string[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    email_verification INTEGER NOT NULL DEFAULT 0,
    labels TEXT NOT NULL DEFAULT '[]',
    prefs TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    accessed_at TEXT NOT NULL
  );
  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    salt TEXT NOT NULL,
    expire_ms INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX tokens_user ON tokens(user_id);
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    secret_hash TEXT NOT NULL UNIQUE,
    expire_ms INTEGER NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX sessions_user ON sessions(user_id);
  CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    reset_ms INTEGER NOT NULL
  );
  CREATE TABLE databases (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE collections (
    database_id TEXT NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    permissions TEXT NOT NULL DEFAULT '[]',
    document_security INTEGER NOT NULL DEFAULT 0,
    enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (database_id, id)
  );
  CREATE TABLE attributes (
    database_id TEXT NOT NULL,
    collection_id TEXT NOT NULL,
    key TEXT NOT NULL,
    spec TEXT NOT NULL,
    position INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (database_id, collection_id, key),
    FOREIGN KEY (database_id, collection_id) REFERENCES collections(database_id, id) ON DELETE CASCADE
  );
  CREATE TABLE indexes (
    database_id TEXT NOT NULL,
    collection_id TEXT NOT NULL,
    key TEXT NOT NULL,
    spec TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (database_id, collection_id, key),
    FOREIGN KEY (database_id, collection_id) REFERENCES collections(database_id, id) ON DELETE CASCADE
  );
  CREATE TABLE documents (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    database_id TEXT NOT NULL,
    collection_id TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    permissions TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (database_id, collection_id, id)
  );
  CREATE INDEX documents_updated ON documents(database_id, collection_id, updated_at);
  CREATE INDEX documents_created ON documents(database_id, collection_id, created_at);
  CREATE TABLE buckets (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    permissions TEXT NOT NULL DEFAULT '[]',
    file_security INTEGER NOT NULL DEFAULT 0,
    enabled INTEGER NOT NULL DEFAULT 1,
    maximum_file_size INTEGER NOT NULL,
    allowed_file_extensions TEXT NOT NULL DEFAULT '[]',
    compression TEXT NOT NULL DEFAULT 'none',
    encryption INTEGER NOT NULL DEFAULT 0,
    antivirus INTEGER NOT NULL DEFAULT 0,
    transformations INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE files (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    bucket_id TEXT NOT NULL REFERENCES buckets(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    folder TEXT NOT NULL DEFAULT '',
    mime_type TEXT NOT NULL DEFAULT '',
    size INTEGER NOT NULL,
    signature TEXT NOT NULL DEFAULT '',
    chunks_total INTEGER NOT NULL,
    chunks_uploaded INTEGER NOT NULL,
    permissions TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (bucket_id, id)
  );
  CREATE TABLE file_chunks (
    bucket_id TEXT NOT NULL,
    file_id TEXT NOT NULL,
    chunk INTEGER NOT NULL,
    PRIMARY KEY (bucket_id, file_id, chunk)
  );
  `,
  // Lists read a collection in $sequence order without sorting it.
  `CREATE INDEX documents_seq ON documents(database_id, collection_id, seq);`,
  // Staff identities for the Supabase Auth (GoTrue) subset at /auth/v1, apart from the customers' Appwrite users.
  // Refresh tokens are stored as SHA-256 hashes; a used one stays (revoked) so its reuse can be detected.
  `
  CREATE TABLE auth_users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    app_metadata TEXT NOT NULL DEFAULT '{}',
    user_metadata TEXT NOT NULL DEFAULT '{}',
    email_confirmed_at TEXT,
    last_sign_in_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE auth_sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES auth_users(id) ON DELETE CASCADE,
    aal TEXT NOT NULL DEFAULT 'aal1',
    amr TEXT NOT NULL DEFAULT '[]',
    factor_id TEXT,
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    refreshed_at TEXT
  );
  CREATE INDEX auth_sessions_user ON auth_sessions(user_id);
  CREATE TABLE auth_refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
    parent_hash TEXT,
    revoked INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens(session_id);
  CREATE TABLE auth_factors (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES auth_users(id) ON DELETE CASCADE,
    friendly_name TEXT NOT NULL DEFAULT '',
    factor_type TEXT NOT NULL,
    status TEXT NOT NULL,
    secret TEXT NOT NULL,
    last_step INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX auth_factors_user ON auth_factors(user_id);
  CREATE TABLE auth_challenges (
    id TEXT PRIMARY KEY,
    factor_id TEXT NOT NULL REFERENCES auth_factors(id) ON DELETE CASCADE,
    session_id TEXT NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
    ip TEXT NOT NULL DEFAULT '',
    expires_ms INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX auth_challenges_factor ON auth_challenges(factor_id);
  `,
  // Wrong guesses count per code; a chunked upload belongs to whoever sent its first chunk.
  `
  ALTER TABLE tokens ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE files ADD COLUMN uploader TEXT NOT NULL DEFAULT '';
  `,
  // Tokens made by the server for a user (POST /v1/users/{id}/tokens, e.g. a confirmation link) beside the e-mailed
  // codes: a new code replaces only earlier codes, and wrong codes count against codes only. A session records the
  // factor it was made with (an e-mailed code: email; a server-made token: token).
  `
  ALTER TABLE tokens ADD COLUMN kind TEXT NOT NULL DEFAULT 'email';
  ALTER TABLE sessions ADD COLUMN factor TEXT NOT NULL DEFAULT 'email';
  `,
  // Confirmation links are the functions' own now (collection confirmation_links), each opening a token of a minute:
  // the week-long tokens earlier links carried would go on signing in after a newer link or the confirmation, so
  // they go.
  `
  DELETE FROM tokens WHERE kind = 'generic';
  `,
];

export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db) {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
