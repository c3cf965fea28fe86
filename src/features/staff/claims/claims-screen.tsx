// /claims: every claim, open ones first, filtered by status and store and searched by claim number, name or e-mail
// (the function does the filtering and the search; this screen asks it again as staff type).
import { useCallback, useEffect, useState } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { getStaffToken } from '@/lib/staff-session';
import { CLAIM_STATUSES, CLAIM_TEXTS, type ClaimStatus } from '@/shared/claims/claim-texts';
import type { Navigate } from '../navigation';
import { StaffLayout } from '../staff-layout';
import { ClaimsTable } from './claims-table';
import { useClaimsList, type ClaimsFilter } from './use-claims-list';
import '../submissions/submissions.css';
import './claims.css';

/** How long typing pauses before the search is asked of the server. */
const SEARCH_PAUSE_MS = 250;

export function ClaimsScreen({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const token = useCallback(() => getStaffToken(config), [config]);
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ClaimStatus | ''>('');
  const [store, setStore] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(term), SEARCH_PAUSE_MS);
    return () => clearTimeout(t);
  }, [term]);
  const filter: ClaimsFilter = { status, store, search };
  const list = useClaimsList(token, filter);
  const stores = store && !list.stores.includes(store) ? [...list.stores, store].sort() : list.stores;

  let body;
  if (list.rows === null) body = <p className="loading">Loading...</p>;
  else if (list.error && list.rows.length === 0)
    body = (
      <p className="subs__error" role="alert">
        {list.error}
      </p>
    );
  else
    body = (
      <ClaimsTable
        rows={list.rows}
        navigate={navigate}
        emptyText={search.trim() ? `No claims found for "${search.trim()}"` : 'No claims found'}
        more={Boolean(list.nextCursor)}
        onMore={list.loadMore}
      />
    );

  const count = list.rows?.length ?? 0;
  return (
    <StaffLayout config={config} navigate={navigate}>
      <div className="subs claims">
        <header className="subs__head">
          <div className="subs__titles">
            <h1 className="subs__title">{CLAIM_TEXTS.claims}</h1>
            <p className="subs__meta" aria-live="polite">
              <span>
                {list.rows === null
                  ? 'Reading claims...'
                  : `${count.toLocaleString('en-US')}${list.nextCursor ? '+' : ''} ${count === 1 ? 'claim' : 'claims'}`}
              </span>
              {list.loadingMore && <span>Loading more...</span>}
            </p>
          </div>
        </header>
        {list.error && list.rows?.length ? (
          <p className="subs__import-error" role="alert">
            {list.error}
          </p>
        ) : null}
        <div className="subs__search">
          <label htmlFor="claims-search">Search</label>
          <input
            id="claims-search"
            type="search"
            placeholder="Search by claim number, name, or email"
            value={term}
            autoComplete="off"
            onChange={(e) => setTerm(e.target.value)}
          />
          <button type="button" className="subs-button subs-button--small" onClick={() => setTerm('')} disabled={!term}>
            Clear
          </button>
          <label htmlFor="claims-status">Status</label>
          <select id="claims-status" value={status} onChange={(e) => setStatus(e.target.value as ClaimStatus | '')}>
            <option value="">All</option>
            {(Object.keys(CLAIM_STATUSES) as ClaimStatus[]).map((s) => (
              <option key={s} value={s}>
                {CLAIM_STATUSES[s]}
              </option>
            ))}
          </select>
          <label htmlFor="claims-store">Store</label>
          <select id="claims-store" value={store} onChange={(e) => setStore(e.target.value)}>
            <option value="">All stores</option>
            {stores.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {body}
      </div>
    </StaffLayout>
  );
}
