// The only file that knows table names and indexes. One Dexie database per device.
import Dexie, { type EntityTable } from 'dexie';
import type {
  CachedClaim,
  CachedSubmission,
  CatalogEntry,
  ClaimOutboxEntry,
  Draft,
  DraftFile,
  OutboxEntry,
  PendingEdit,
  StaffSnapshotRecord,
} from './types';

export type AppDb = Dexie & {
  drafts: EntityTable<Draft, 'id'>;
  draftFiles: EntityTable<DraftFile, 'id'>; // photo blobs, apart from records
  outbox: EntityTable<OutboxEntry, 'id'>; // registrations waiting for the server, oldest first by createdAt
  catalog: EntityTable<CatalogEntry, 'id'>; // products for offline search
  submissions: EntityTable<CachedSubmission, '$id'>; // staff cache, delta-synced by $updatedAt
  pendingEdits: EntityTable<PendingEdit, 'id'>; // staff edits made offline
  meta: EntityTable<{ key: string; value: unknown }, 'key'>; // sync watermarks and small settings
  staffSnapshot: EntityTable<StaffSnapshotRecord, 'key'>; // the staff cache as a few JSON texts, for a fast first read
  claimOutbox: EntityTable<ClaimOutboxEntry, 'id'>; // problem reports and replies waiting for the server (photos in draftFiles)
  claims: EntityTable<CachedClaim, 'id'>; // staff's copy of the claims queue, delta-synced by updated_at
  keptSubmissions: EntityTable<{ id: string }, 'id'>; // submissions staff opened on this device: kept outside the window
};

export const DB_NAME = 'warranty';

/**
 * The schema, one version after another. Released versions are frozen: add a version with .upgrade() when needed;
 * never edit an old one.
 */
const VERSIONS: ((db: Dexie) => void)[] = [
  (db) =>
    db.version(1).stores({
      drafts: 'id, updatedAt',
      draftFiles: 'id, draftId',
      outbox: 'id, status, nextAttemptAt, createdAt',
      catalog: 'id',
      submissions: '$id, $updatedAt',
      pendingEdits: 'id',
      meta: 'key',
    }),
  (db) => db.version(2).stores({ staffSnapshot: 'key' }),
  (db) => db.version(3).stores({ claimOutbox: 'id, createdAt' }),
  (db) => db.version(4).stores({ claims: 'id, updated_at, [open+opened_at]' }),
  (db) => db.version(5).stores({ keptSubmissions: 'id' }),
  // Whose records are still queued is counted after each one sent: by index, not by reading every record.
  (db) => db.version(6).stores({ outbox: 'id, status, nextAttemptAt, createdAt, userId' }),
];

/** The app's database; `upTo` opens it as an older version of the app did (tests of upgrades). */
export function openAppDb(name = DB_NAME, upTo = VERSIONS.length): AppDb {
  const db = new Dexie(name) as AppDb;
  for (const declare of VERSIONS.slice(0, upTo)) declare(db);
  return db;
}

let shared: AppDb | null = null;
/** The app's database, opened on first use. Tests call openAppDb(randomName) instead. */
export const appDb = () => (shared ??= openAppDb());
