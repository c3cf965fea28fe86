// The claims table's rows: a page at a time from getClaims (open claims first, as the function orders them), asked
// again from the first page whenever the filters or the search change, and the next page by cursor when the table
// scrolls near its end. An answer that arrives after the filters changed again is dropped, and so is a further page
// asked for before they changed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { callStaffFunction } from '@/lib/staff-functions';
import type { ClaimStatus } from '@/shared/claims/claim-texts';
import type { ClaimRow } from '@/shared/contracts/claims';
import type { TokenSource } from '../submissions/staff-images';

export type ClaimsFilter = { status: ClaimStatus | ''; store: string; search: string };

type State = { rows: ClaimRow[] | null; nextCursor: string | null; error: string | null; loadingMore: boolean };

const OFFLINE = 'Claims show once this device is online.';

export function useClaimsList(token: TokenSource, filter: ClaimsFilter) {
  const [state, setState] = useState<State>({ rows: null, nextCursor: null, error: null, loadingMore: false });
  // Every store seen, so the store filter keeps its choices while a filter narrows the rows.
  const [stores, setStores] = useState<string[]>([]);
  const asked = useRef(0);

  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const query = {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.store ? { store: filter.store } : {}),
        ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
        ...(cursor ? { cursor } : {}),
      };
      try {
        return await callStaffFunction('getClaims', { staffToken: (await token()) ?? '', query });
      } catch {
        return { ok: false as const, error: OFFLINE };
      }
    },
    [token, filter.status, filter.store, filter.search],
  );

  const take = useCallback((rows: ClaimRow[]) => {
    setStores((seen) => {
      const more = rows.map((r) => r.store).filter((s) => s && !seen.includes(s));
      return more.length ? [...new Set([...seen, ...more])].sort() : seen;
    });
  }, []);

  useEffect(() => {
    const mine = ++asked.current;
    // The rows shown stay until the new ones arrive, so typing a search does not blank the table.
    setState((s) => ({ ...s, nextCursor: null, loadingMore: false }));
    void fetchPage(null).then((answer) => {
      if (mine !== asked.current) return;
      if (!answer.ok) return setState({ rows: [], nextCursor: null, error: answer.error, loadingMore: false });
      take(answer.data.claims);
      setState({ rows: answer.data.claims, nextCursor: answer.data.nextCursor, error: null, loadingMore: false });
    });
  }, [fetchPage, take]);

  const loadMore = useCallback(() => {
    const cursor = state.nextCursor;
    if (!cursor || state.loadingMore) return;
    const mine = asked.current;
    setState((s) => ({ ...s, loadingMore: true }));
    void fetchPage(cursor).then((answer) => {
      if (mine !== asked.current) return;
      if (!answer.ok) return setState((s) => ({ ...s, loadingMore: false, error: answer.error }));
      take(answer.data.claims);
      setState((s) => ({
        rows: [...(s.rows ?? []), ...answer.data.claims],
        nextCursor: answer.data.nextCursor,
        error: null,
        loadingMore: false,
      }));
    });
  }, [fetchPage, take, state.nextCursor, state.loadingMore]);

  return { ...state, stores, loadMore };
}
