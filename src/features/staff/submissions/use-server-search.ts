// The server's search beside the device's: while this device does not hold every registration (its first fill is
// still going, or it keeps only the most recently changed), a term of 3+ characters is also asked of the server, and
// its matches the device does not hold join the results. Offline, or with a shorter term, only the device searches,
// and the screen says what that covers.
import { useEffect, useMemo, useState } from 'react';
import { callStaffFunction } from '@/lib/staff-functions';
import { holdForSearch } from '@/sync/search-gate';
import type { Submission } from '@/shared/contracts/submission';

/** Fewer characters than this are searched on the device only (the server answers them 400). */
export const SERVER_TERM_MIN = 3;
/** The server is asked once typing pauses this long. */
const PAUSE_MS = 150;
const LIMIT = 50;

export type ServerSearch = {
  /** The server's matches for `term` the device does not hold (empty until it answers). */
  extra: Submission[];
  /** Asking the server for `term`, or null when it is not asked. */
  state: null | 'asking' | 'done' | 'failed';
  /** The server found more than it sent. */
  more: boolean;
};

const NONE: ServerSearch = { extra: [], state: null, more: false };

export function useServerSearch(opts: {
  term: string;
  /** The device holds every registration: nothing to ask. */
  whole: boolean;
  online: boolean;
  token: () => Promise<string | null>;
  held: (id: string) => boolean;
}): ServerSearch {
  const q = opts.term.trim();
  const ask = !opts.whole && opts.online && q.length >= SERVER_TERM_MIN;
  const [answer, setAnswer] = useState<{ q: string; rows: Submission[]; more: boolean; failed: boolean } | null>(null);
  const { token } = opts;

  useEffect(() => {
    if (!ask) return;
    let live = true;
    // The fill waits from the keystroke on: a page asked for during the pause would be served before the search.
    const release = holdForSearch();
    const timer = setTimeout(() => {
      void (async () => {
        const staffToken = await token();
        if (!staffToken || !live) return;
        const res = await callStaffFunction('searchAppwriteSubmissions', {
          query: { q, limit: LIMIT },
          staffToken,
          init: { cache: 'no-store' },
        }).catch(() => null);
        if (!live) return;
        if (res?.ok) setAnswer({ q, rows: res.data.submissions, more: res.data.more, failed: false });
        else setAnswer({ q, rows: [], more: false, failed: true });
      })().finally(release);
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      release();
    };
  }, [ask, q, token]);

  const { held } = opts;
  return useMemo(() => {
    if (!ask) return NONE;
    if (answer?.q !== q) return { extra: [], state: 'asking', more: false };
    if (answer.failed) return { extra: [], state: 'failed', more: false };
    return { extra: answer.rows.filter((r) => !held(r.$id)), state: 'done', more: answer.more };
  }, [ask, answer, q, held]);
}

/** The line under the search box: what the search covers, said for a person at the desk; null when nothing to say. */
export function searchScope(opts: {
  term: string;
  whole: boolean;
  filling: boolean;
  held: number;
  online: boolean;
  server: ServerSearch;
}): string | null {
  const { server } = opts;
  const n = opts.held.toLocaleString('en-US');
  if (opts.whole) return null;
  if (server.state === 'asking') return 'Searching this device and every registration on the server...';
  if (server.state === 'done') {
    const extra = server.extra.length;
    if (!extra) return 'Searched this device and every registration on the server.';
    const more = server.more ? ' (the first matches; type more to narrow them)' : '';
    return `Also showing ${extra === 1 ? '1 match' : `${extra} matches`} from the server that ${extra === 1 ? 'is' : 'are'} not on this device${more}.`;
  }
  const where = opts.filling
    ? `Searching the ${n} registrations on this device so far; the rest are still arriving.`
    : `Searching the ${n} registrations on this device: the most recently changed, and the ones opened here.`;
  if (server.state === 'failed') return `${where} The server's search could not be reached.`;
  if (!opts.online) return `${where} Go online to search every registration.`;
  if (opts.term.trim() && opts.term.trim().length < SERVER_TERM_MIN)
    return `${where} Type at least ${SERVER_TERM_MIN} characters to search every registration.`;
  return where;
}
