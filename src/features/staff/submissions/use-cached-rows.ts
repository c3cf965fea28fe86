// Every cached submission, newest change first, read from the device at once (a first screenful, then the rest from
// the fast-read copy, or from the records when there is none) and kept current by reading only what changed.
import Dexie from 'dexie';
import { useEffect, useState } from 'react';
import type { AppDb } from '@/db/schema';
import { staffRepository } from '@/db/staff-repository';
import { staffSnapshotRepository, type RowsState } from '@/db/staff-snapshot-repository';
import type { Submission } from '@/shared/contracts/submission';
import { deltaStart } from '@/sync/submissions-sync';

const FIRST_SCREEN = 60;
/** The fast-read copy is written once the rows have been still this long. */
const SNAPSHOT_DELAY_MS = 2_000;

const newestFirst = (a: Submission, b: Submission) =>
  a.$updatedAt < b.$updatedAt ? 1 : a.$updatedAt > b.$updatedAt ? -1 : a.$id < b.$id ? -1 : 1;

/** `rows` with `changed` put in their place (both newest first), in one pass. */
export function mergeRows(rows: readonly Submission[], changed: Submission[]): Submission[] {
  const ids = new Set(changed.map((r) => r.$id));
  const fresh = changed.slice().sort(newestFirst);
  const out: Submission[] = [];
  let j = 0;
  for (const row of rows) {
    if (ids.has(row.$id)) continue;
    while (j < fresh.length && newestFirst(fresh[j]!, row) < 0) out.push(fresh[j++]!);
    out.push(row);
  }
  while (j < fresh.length) out.push(fresh[j++]!);
  return out;
}

export type CachedRows = { rows: Submission[] | null; complete: boolean };

const firstScreen = (db: AppDb) => staffRepository(db).latest(FIRST_SCREEN);
let early: { db: AppDb; rows: Promise<Submission[]> } | null = null;

/** Starts reading the first screenful while the staff session is still being checked; shown only after it. */
export function preloadFirstScreen(db: AppDb) {
  early = { db, rows: firstScreen(db) };
  early.rows.catch(() => undefined);
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function useCachedRows(db: AppDb): CachedRows {
  const [state, setState] = useState<CachedRows>({ rows: null, complete: false });

  useEffect(() => {
    let live = true;
    let rows: Submission[] = [];
    let held = new Map<string, Submission>();
    let newest = ''; // the newest $updatedAt held
    let mark: string | null = null; // the sync mark when the rows were read
    let pendingIds: string[] = [];
    let reading: Promise<unknown> = Promise.resolve();
    let queued = false;
    let writeTimer: ReturnType<typeof setTimeout> | undefined;
    let writing: Promise<unknown> = Promise.resolve();

    const publish = (complete: boolean) => live && setState({ rows, complete });
    const note = (list: Submission[]) => {
      for (const r of list) if (r.$updatedAt > newest) newest = r.$updatedAt;
    };
    /**
     * Records that can differ from the rows held: those changed at or after the newest held, and every row a sync
     * writes after the mark (it writes rows changed since shortly before the mark, whenever they were committed).
     */
    const since = () => {
      const fromMark = mark ? deltaStart(mark) : newest;
      return fromMark < newest ? fromMark : newest;
    };
    /** A row read again that equals the one held (same version, same fields) changes nothing. */
    const isNew = (r: Submission) => {
      const have = held.get(r.$id);
      return !have || JSON.stringify(have) !== JSON.stringify(r);
    };
    const adopt = (next: Submission[]) => {
      rows = next;
      held = new Map(rows.map((r) => [r.$id, r]));
      newest = '';
      note(rows);
    };

    async function readAll() {
      const all = await staffRepository(db).everything();
      adopt(all.rows.sort(newestFirst));
      mark = all.mark;
      pendingIds = all.editIds;
      keepSnapshot();
    }

    // Rows changed since the rows were read, plus rows with edits waiting (changed in place); a count that then
    // disagrees means rows went away, and everything is read again. True when anything changed.
    async function readChanges(): Promise<boolean> {
      const now = await staffRepository(db).changes(since(), pendingIds);
      pendingIds = now.editIds;
      mark = now.mark;
      const changed = now.changed.filter(isNew);
      if (changed.length) {
        rows = mergeRows(rows, changed);
        for (const r of changed) held.set(r.$id, r);
        note(changed);
        keepSnapshot();
      }
      if (rows.length === now.count) return changed.length > 0;
      await readAll();
      return true;
    }

    /** Writes the fast-read copy of what is held once the rows have been still a moment. */
    function keepSnapshot() {
      clearTimeout(writeTimer);
      writeTimer = setTimeout(() => {
        const state: RowsState = { rows, since: since(), pendingIds };
        writing = writing
          .then(() => (live ? staffSnapshotRepository(db).write(state) : undefined))
          .catch((err: unknown) => console.error('Keeping the fast-read copy of the submissions failed', err));
      }, SNAPSHOT_DELAY_MS);
    }

    const refresh = () => {
      if (queued) return;
      queued = true;
      reading = reading
        .then(async () => {
          queued = false;
          if (await readChanges()) publish(true);
        })
        .catch((err: unknown) => console.error('Reading the cached submissions failed', err));
    };

    reading = (async () => {
      const preloaded = early?.db === db ? early.rows : null;
      early = null;
      rows = await (preloaded ?? firstScreen(db));
      publish(false);
      // Let the first screenful paint before the rest is read.
      await nextFrame();
      const copy = await staffSnapshotRepository(db).read();
      if (copy) {
        adopt(copy.rows);
        // The copy's own starting point: what changed after it was written is read from the records.
        mark = null;
        newest = copy.since;
        pendingIds = copy.pendingIds;
        await readChanges();
      } else {
        await readAll();
      }
      publish(true);
    })().catch((err: unknown) => console.error('Reading the cached submissions failed', err));

    const parts = [`idb://${db.name}/submissions/`, `idb://${db.name}/pendingEdits/`];
    const onMutated = (changed: Record<string, unknown>) => {
      if (Object.keys(changed).some((k) => parts.some((p) => k.startsWith(p)))) refresh();
    };
    Dexie.on.storagemutated.subscribe(onMutated);
    return () => {
      live = false;
      clearTimeout(writeTimer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
    };
  }, [db]);

  return state;
}
