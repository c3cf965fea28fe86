// Every cached submission, newest change first, read from the device at once (a first screenful, then the rest from
// the fast-read copy, or from the records when there is none) and kept current by reading only what changed.
import { useEffect, useState } from 'react';
import type { AppDb } from '@/db/schema';
import { staffRepository } from '@/db/staff-repository';
import { onTablesChanged } from '@/db/table-changes';
import { staffSnapshotRepository, type RowsState, type SnapshotReading } from '@/db/staff-snapshot-repository';
import type { Submission } from '@/shared/contracts/submission';
import { deltaStart, onFillRows } from '@/sync/submissions-sync';

const FIRST_SCREEN = 60;
/** The fast-read copy is written once the rows have been still this long. */
const SNAPSHOT_DELAY_MS = 2_000;
/**
 * While rows keep coming (a first fill's pages), the table takes them in at most this often: each time sorts and
 * indexes every row held, which at 100,000 rows is work the fill's own writes wait for.
 */
const REFRESH_MS = 2_000;

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
let early: { db: AppDb; rows: Promise<Submission[]>; copy: SnapshotReading } | null = null;

/**
 * Starts reading the first screenful, and the fast-read copy after it, while the staff session is still being
 * checked; shown only after it. The copy is only read from the database here: it is parsed once the first rows show.
 */
export function preloadFirstScreen(db: AppDb) {
  early = { db, rows: firstScreen(db), copy: staffSnapshotRepository(db).startReading() };
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
    let lastRead = -Infinity; // when the last refresh began (performance.now()); the first goes at once
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let writeTimer: ReturnType<typeof setTimeout> | undefined;
    let writing: Promise<unknown> = Promise.resolve();
    let unsaved = false; // rows changed since the fast-read copy was written

    const publish = (complete: boolean) => live && setState({ rows, complete });
    let oldest = ''; // the oldest $updatedAt held
    const note = (list: Submission[]) => {
      for (const r of list) {
        if (r.$updatedAt > newest) newest = r.$updatedAt;
        if (!oldest || r.$updatedAt < oldest) oldest = r.$updatedAt;
      }
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
      oldest = '';
      note(rows);
      unsaved = true;
    };
    const take = (changed: Submission[]) => {
      rows = mergeRows(rows, changed);
      for (const r of changed) held.set(r.$id, r);
      note(changed);
      unsaved = true;
    };

    /** Rows a first fill on this page stored and handed over, not yet taken. */
    let handed: Submission[] = [];
    /** Takes the handed rows that are news; true when there were any. */
    const takeHanded = () => {
      const fresh = handed.filter(isNew);
      handed = [];
      if (fresh.length) take(fresh);
      return fresh.length > 0;
    };

    async function readAll() {
      const all = await staffRepository(db).everything();
      adopt(all.rows.sort(newestFirst));
      mark = all.mark;
      pendingIds = all.editIds;
      keepSnapshot();
    }

    // Rows changed since the rows were read, rows a first fill wrote below the oldest held, plus rows with edits
    // waiting (changed in place). A count that then disagrees means rows came or went elsewhere (a row opened from
    // the server's search, rows dropped out of the window): the ids tell which, and only those are read or dropped.
    // True when anything changed.
    async function readChanges(): Promise<boolean> {
      const repo = staffRepository(db);
      const now = await repo.changes(since(), pendingIds, oldest);
      pendingIds = now.editIds;
      mark = now.mark;
      const changed = now.changed.filter(isNew);
      if (changed.length) take(changed);
      const moved = rows.length !== now.count;
      if (moved) await reconcile(await repo.idsNewestFirst());
      // A sync that only moved its mark (every few seconds) does not put off a copy already due.
      if (changed.length || moved || !writeTimer) keepSnapshot();
      return changed.length > 0 || moved;
    }

    /** Makes the rows held the records with these ids: reads the missing ones, drops the ones gone. */
    async function reconcile(ids: string[]) {
      const gone = new Set(held.keys());
      for (const id of ids) gone.delete(id);
      const missing = ids.filter((id) => !held.has(id));
      if (gone.size) {
        rows = rows.filter((r) => !gone.has(r.$id));
        for (const id of gone) held.delete(id);
        unsaved = true;
      }
      if (missing.length) take(await staffRepository(db).byIds(missing));
      if (rows.length !== ids.length) await readAll();
    }

    /**
     * Writes the fast-read copy of what is held once the rows have been still a moment, and only after a finished
     * sync (never over and over while a first fill writes its pages).
     */
    function keepSnapshot() {
      clearTimeout(writeTimer);
      writeTimer = undefined;
      if (!unsaved || !mark) return;
      writeTimer = setTimeout(() => {
        writeTimer = undefined;
        const state: RowsState = { rows, since: since(), pendingIds };
        unsaved = false;
        writing = writing
          .then(() => (live ? staffSnapshotRepository(db).write(state) : undefined))
          .catch((err: unknown) => console.error('Keeping the fast-read copy of the submissions failed', err));
      }, SNAPSHOT_DELAY_MS);
    }

    /** Reads what changed, with the rows a first fill handed over, in turn with the other reads. */
    const read = () => {
      refreshTimer = undefined;
      reading = reading
        .then(async () => {
          queued = false;
          lastRead = performance.now();
          const took = takeHanded();
          if ((await readChanges()) || took) publish(true);
          // The fill is over (a sync finished): a read put off by its pace meanwhile goes now.
          if (mark) hurry();
        })
        .catch((err: unknown) => console.error('Reading the cached submissions failed', err));
    };
    /** Starts at once the read waiting for the first fill's pace, if there is one. */
    const hurry = () => {
      if (refreshTimer === undefined) return;
      clearTimeout(refreshTimer);
      read();
    };
    /**
     * Reads what changed: at once, but while a first fill writes its pages (no sync has finished yet), at most once
     * per REFRESH_MS, so the table is not rebuilt for every page; with `now` (the fill's last page), at once anyway.
     */
    const refresh = (now = false) => {
      if (queued) {
        // A read put off by the first fill's pace goes at once when asked to, or once the fill is over; one already on
        // its way takes all.
        if (now || mark) hurry();
        return;
      }
      queued = true;
      const wait = mark || now ? 0 : Math.max(0, lastRead + REFRESH_MS - performance.now());
      if (wait > 0) refreshTimer = setTimeout(read, wait);
      else read();
    };

    reading = (async () => {
      const preloaded = early?.db === db ? early : null;
      early = null;
      rows = await (preloaded?.rows ?? firstScreen(db));
      publish(false);
      // Let the first screenful paint before the rest is read.
      await nextFrame();
      const copy = await staffSnapshotRepository(db).read(preloaded?.copy);
      if (copy) {
        adopt(copy.rows);
        // These rows are the copy: it is written again only once something changed.
        unsaved = false;
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

    // A first fill on this page hands its rows over as it stores them: the next read takes them as they are, so it
    // finds only what changed otherwise instead of reading them back while the fill writes.
    const stopTaking = onFillRows((stored, last) => {
      handed.push(...stored);
      refresh(last);
    });

    // The meta table too: a finished sync's mark, after which the fast-read copy is written.
    const stopWatching = onTablesChanged(db, ['submissions', 'pendingEdits', 'meta'], refresh);
    return () => {
      live = false;
      clearTimeout(writeTimer);
      clearTimeout(refreshTimer);
      stopTaking();
      stopWatching();
    };
  }, [db]);

  return state;
}
