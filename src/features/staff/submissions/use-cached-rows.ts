// Every cached submission, newest change first, read from the
// device at once (a first screenful, then the rest) and kept current by reading only what changed.
import Dexie from 'dexie';
import { useEffect, useState } from 'react';
import type { AppDb } from '@/db/schema';
import type { Submission } from '@/shared/contracts/submission';
import { staffRepository } from '@/db/staff-repository';

const FIRST_SCREEN = 60;

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

export function useCachedRows(db: AppDb): CachedRows {
  const [state, setState] = useState<CachedRows>({ rows: null, complete: false });

  useEffect(() => {
    let live = true;
    let rows: Submission[] = [];
    let held = new Map<string, Submission>();
    let watermark = '';
    let pendingIds = new Set<string>();
    let reading: Promise<unknown> = Promise.resolve();
    let queued = false;

    const publish = (complete: boolean) => live && setState({ rows, complete });
    const note = (list: Submission[]) => {
      for (const r of list) if (r.$updatedAt > watermark) watermark = r.$updatedAt;
    };
    /** A row read again that equals the one held (same version, same fields) changes nothing. */
    const isNew = (r: Submission) => {
      const have = held.get(r.$id);
      return !have || JSON.stringify(have) !== JSON.stringify(r);
    };

    async function readAll() {
      const all = await staffRepository(db).all();
      rows = all.sort(newestFirst);
      held = new Map(rows.map((r) => [r.$id, r]));
      watermark = '';
      note(rows);
      pendingIds = new Set(await staffRepository(db).pendingEditIds());
    }

    // Rows changed since the newest one held, plus rows with edits waiting (changed in place); a count that then
    // disagrees means rows went away, and everything is read again. True when anything changed.
    async function readChanges(): Promise<boolean> {
      const [newer, editIds, count] = await Promise.all([
        staffRepository(db).changedSince(watermark),
        staffRepository(db).pendingEditIds(),
        staffRepository(db).count(),
      ]);
      const seen = new Set(newer.map((r) => r.$id));
      const touched = [...new Set([...editIds, ...pendingIds])].filter((id) => !seen.has(id));
      const edited = await staffRepository(db).byIds(touched);
      pendingIds = new Set(editIds);
      note(newer);
      const changed = [...newer, ...edited].filter(isNew);
      if (changed.length) {
        rows = mergeRows(rows, changed);
        for (const r of changed) held.set(r.$id, r);
      }
      if (rows.length === count) return changed.length > 0;
      await readAll();
      return true;
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
      // Let the first screenful paint before the long read of everything.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      await readAll();
      publish(true);
    })().catch((err: unknown) => console.error('Reading the cached submissions failed', err));

    const parts = [`idb://${db.name}/submissions/`, `idb://${db.name}/pendingEdits/`];
    const onMutated = (changed: Record<string, unknown>) => {
      if (Object.keys(changed).some((k) => parts.some((p) => k.startsWith(p)))) refresh();
    };
    Dexie.on.storagemutated.subscribe(onMutated);
    return () => {
      live = false;
      Dexie.on.storagemutated.unsubscribe(onMutated);
    };
  }, [db]);

  return state;
}
