// /claims: every claim, open ones first, filtered by status and store and searched by claim number, name or e-mail.
// The rows are this device's copy of the claims (read at once, offline too), kept current while the screen is open;
// the filters and the search run on that copy as staff type.
import { useMemo } from 'react';
import { appDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { CLAIM_STATUSES, CLAIM_TEXTS, type ClaimStatus } from '@/shared/claims/claim-texts';
import { ListFilters, ListHead, useListFilters, type ListFiltersCopy } from '../list-parts';
import type { Navigate } from '../navigation';
import { StaffLayout } from '../staff-layout';
import { filterClaims, searchable, storesOf } from './claims-filter';
import { ClaimsTable } from './claims-table';
import { useClaimsList } from './use-claims-list';
import { OFFLINE_COPY, useClaimsSync } from './use-claims-sync';
import '../submissions/submissions.css';
import './claims.css';

const FILTERS: ListFiltersCopy<ClaimStatus | ''> = {
  id: 'claims',
  placeholder: 'Search by claim number, name, or email',
  statuses: [['', 'All'], ...(Object.keys(CLAIM_STATUSES) as ClaimStatus[]).map((s) => [s, CLAIM_STATUSES[s]] as const)],
};
/** Said while the device has no copy yet and cannot reach the server. */
export const NEVER_SYNCED_OFFLINE = 'Claims show once this device is online.';

const n = (count: number) => count.toLocaleString('en-US');
const claimsText = (count: number) => `${n(count)} ${count === 1 ? 'claim' : 'claims'}`;
const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

export function ClaimsScreen({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const db = appDb();
  const { rows, complete } = useClaimsList(db);
  const sync = useClaimsSync(config, db);
  const filters = useListFilters<ClaimStatus | ''>('');
  const { term, status, store } = filters;
  const indexed = useMemo(() => searchable(rows ?? []), [rows]);
  const shown = useMemo(() => filterClaims(indexed, { status, store, search: term }), [indexed, status, store, term]);
  const known = useMemo(() => storesOf(rows ?? []), [rows]);
  const stores = store && !known.includes(store) ? [...known, store].sort() : known;
  const filtering = Boolean(status || store || term.trim());

  // Nothing on the device yet: it waits for its first sync, or says why there is none.
  const empty = !rows || (rows.length === 0 && (!complete || !sync.syncedAt));
  let body;
  if (empty && rows && complete && sync.syncedAt === null && (sync.offline || sync.error))
    body = (
      <p className="subs__error" role="alert">
        {sync.offline ? NEVER_SYNCED_OFFLINE : sync.error}
      </p>
    );
  else if (empty) body = <p className="loading">Loading...</p>;
  else
    body = (
      <ClaimsTable rows={shown} navigate={navigate} emptyText={term.trim() ? `No claims found for "${term.trim()}"` : 'No claims found'} />
    );

  return (
    <StaffLayout config={config} navigate={navigate}>
      <div className="subs claims">
        <ListHead title={CLAIM_TEXTS.claims}>
          <span>
            {!rows || !complete
              ? 'Reading claims on this device...'
              : filtering
                ? `Showing ${n(shown.length)} of ${claimsText(rows.length)}`
                : claimsText(rows.length)}
          </span>
          <span className={sync.error ? 'subs__sync subs__sync--error' : sync.offline ? 'subs__sync subs__sync--offline' : 'subs__sync'}>
            {sync.error && sync.syncedAt ? `${sync.error} ` : ''}
            {sync.offline && sync.syncedAt ? `${OFFLINE_COPY} ` : ''}
            {sync.syncedAt ? `Last synced ${clock(sync.syncedAt)}` : ''}
          </span>
        </ListHead>
        <ListFilters {...FILTERS} filters={filters} stores={stores} />
        {body}
      </div>
    </StaffLayout>
  );
}
