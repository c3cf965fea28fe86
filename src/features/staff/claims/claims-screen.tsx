// /claims: every claim, open ones first, filtered by status and store and searched by claim number, name or e-mail
// (the function does the filtering and the search; this screen asks it again as staff type).
import { useCallback, useEffect, useState } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { getStaffToken } from '@/lib/staff-session';
import { CLAIM_STATUSES, CLAIM_TEXTS, type ClaimStatus } from '@/shared/claims/claim-texts';
import { ListFilters, ListHead, useListFilters, type ListFiltersCopy } from '../list-parts';
import type { Navigate } from '../navigation';
import { StaffLayout } from '../staff-layout';
import { ClaimsTable } from './claims-table';
import { useClaimsList, type ClaimsFilter } from './use-claims-list';
import '../submissions/submissions.css';
import './claims.css';

/** How long typing pauses before the search is asked of the server. */
const SEARCH_PAUSE_MS = 250;
const FILTERS: ListFiltersCopy<ClaimStatus | ''> = {
  id: 'claims',
  placeholder: 'Search by claim number, name, or email',
  statuses: [['', 'All'], ...(Object.keys(CLAIM_STATUSES) as ClaimStatus[]).map((s) => [s, CLAIM_STATUSES[s]] as const)],
};

export function ClaimsScreen({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const token = useCallback(() => getStaffToken(config), [config]);
  const filters = useListFilters<ClaimStatus | ''>('');
  const { term, status, store } = filters;
  const [search, setSearch] = useState('');
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
        <ListHead title={CLAIM_TEXTS.claims}>
          <span>
            {list.rows === null
              ? 'Reading claims...'
              : `${count.toLocaleString('en-US')}${list.nextCursor ? '+' : ''} ${count === 1 ? 'claim' : 'claims'}`}
          </span>
          {list.loadingMore && <span>Loading more...</span>}
        </ListHead>
        {list.error && list.rows?.length ? (
          <p className="subs__import-error" role="alert">
            {list.error}
          </p>
        ) : null}
        <ListFilters {...FILTERS} filters={filters} stores={stores} />
        {body}
      </div>
    </StaffLayout>
  );
}
