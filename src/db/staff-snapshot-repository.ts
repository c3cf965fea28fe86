// A copy of every cached submission held as a few JSON texts, so opening the staff table reads the whole cache in a
// fraction of the time 100,000 separate records take. The records stay the source of truth: the copy says from which
// $updatedAt on, and for which ids, the records must be read again to bring it up to date.
import type { Submission } from '@/shared/contracts/submission';
import type { AppDb } from './schema';
import type { StaffSnapshotHeader, StaffSnapshotPart } from './types';

/** Rows newest first, and what must be read from the records to bring them up to date. */
export type RowsState = {
  rows: Submission[];
  /** Records changed at or after this $updatedAt may differ from the rows. */
  since: string;
  /** Submissions whose record changed without a new $updatedAt (staff edits waiting) when the rows were read. */
  pendingIds: string[];
};

type Header = StaffSnapshotHeader;
type Part = StaffSnapshotPart;

const FORMAT = 1;
const ROWS_PER_PART = 5_000;
const partKey = (i: number) => `rows.${String(i).padStart(4, '0')}`;

/** Gives the page a turn between slices of work, so reading or writing the copy never holds the screen. */
const yieldToPage = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** Parts asked for ahead of the one being parsed: the database reads them while the page parses. */
const AHEAD = 2;

/** A reading of the copy under way: its header and parts asked for, not yet parsed (see staffSnapshotRepository). */
export type SnapshotReading = { header: Promise<Header | undefined>; part(i: number): Promise<Part | undefined> };

function startReading(db: AppDb): SnapshotReading {
  const asked = new Map<number, Promise<Part | undefined>>();
  const ask = (i: number) => {
    let part = asked.get(i);
    if (!part) {
      part = db.staffSnapshot.get(partKey(i)) as Promise<Part | undefined>;
      part.catch(() => undefined);
      asked.set(i, part);
    }
    return part;
  };
  const header = db.staffSnapshot.get('header') as Promise<Header | undefined>;
  header.catch(() => undefined);
  for (let i = 0; i < AHEAD; i++) ask(i);
  return {
    header,
    // A part handed over is forgotten here, so its text goes once it is parsed; the ones after it are asked for.
    part(i) {
      const part = ask(i);
      asked.delete(i);
      for (let j = i + 1; j <= i + AHEAD; j++) ask(j);
      return part;
    },
  };
}

export const staffSnapshotRepository = (db: AppDb) => ({
  /**
   * Starts reading the copy (its header and first parts) without parsing anything, so the database works while the
   * page starts; `read` goes on with it.
   */
  startReading: (): SnapshotReading => startReading(db),

  /** The copy as last written, or null when there is none or it cannot be read (the records are read instead). */
  async read(reading: SnapshotReading = startReading(db)): Promise<RowsState | null> {
    // Parts are read a few ahead of the one parsed, so no more than a few parts' texts are held beside the rows.
    const rows: Submission[] = [];
    let header: Header | undefined;
    try {
      header = await reading.header;
      if (!header || header.format !== FORMAT) return null;
      for (let i = 0; i < header.parts; i++) {
        const part = await reading.part(i);
        if (!part) return null;
        for (const row of JSON.parse(part.json) as Submission[]) rows.push(row);
        await yieldToPage();
      }
    } catch {
      return null;
    }
    if (rows.length !== header.count) return null;
    // The copy was replaced while its parts were read (each part is its own read): the records are read instead.
    const still = (await db.staffSnapshot.get('header')) as Header | undefined;
    if (!still || still.since !== header.since || still.count !== header.count) return null;
    return { rows, since: header.since, pendingIds: header.pendingIds };
  },

  /**
   * Replaces the copy with `state`, made in slices between the page's other work and stored in one transaction;
   * nothing is stored when the records no longer hold as many rows.
   */
  async write(state: RowsState): Promise<void> {
    const parts: Part[] = [];
    for (let i = 0; i * ROWS_PER_PART < state.rows.length; i++) {
      parts.push({ key: partKey(i), json: JSON.stringify(state.rows.slice(i * ROWS_PER_PART, (i + 1) * ROWS_PER_PART)) });
      await yieldToPage();
    }
    const header: Header = {
      key: 'header',
      format: FORMAT,
      parts: parts.length,
      count: state.rows.length,
      since: state.since,
      pendingIds: state.pendingIds,
    };
    await db.transaction('rw', db.staffSnapshot, db.submissions, async () => {
      // Rows gone or added meanwhile (a sign-out cleared the cache, a sync brought more): this copy is already old.
      if ((await db.submissions.count()) !== state.rows.length) return;
      await db.staffSnapshot.clear();
      await db.staffSnapshot.bulkPut([header, ...parts]);
    });
  },
});
