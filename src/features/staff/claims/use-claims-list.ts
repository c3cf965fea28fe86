// The claims queue as this device holds it: the first screenful read through the index at once, then every claim,
// read again whenever the sync writes claims (or a sign-out forgets them). Filters and search run on these rows
// (./claims-filter.ts), so they answer at once, offline too.
import { useEffect, useState } from 'react';
import { claimsCacheRepository, type CachedClaim } from '@/db/claims-cache-repository';
import type { AppDb } from '@/db/schema';
import { onTablesChanged } from '@/db/table-changes';

/** More than the tallest screen shows. */
const FIRST_SCREEN = 40;

export type CachedClaims = { rows: CachedClaim[] | null; complete: boolean };

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function useClaimsList(db: AppDb): CachedClaims {
  const [state, setState] = useState<CachedClaims>({ rows: null, complete: false });

  useEffect(() => {
    let live = true;
    let queued = false;
    const repo = claimsCacheRepository(db);
    const fail = (err: unknown) => console.error('Reading the claims on this device failed', err);
    const readAll = async () => {
      const rows = await repo.all();
      if (live) setState({ rows, complete: true });
    };
    let reading: Promise<void> = (async () => {
      const first = await repo.first(FIRST_SCREEN);
      if (!live) return;
      setState({ rows: first, complete: false });
      // Let the first screenful paint before the rest is read.
      await nextFrame();
      await readAll();
    })().catch(fail);

    const refresh = () => {
      if (queued) return;
      queued = true;
      reading = reading
        .then(() => {
          queued = false;
          return readAll();
        })
        .catch(fail);
    };
    const stopWatching = onTablesChanged(db, ['claims'], refresh);
    return () => {
      live = false;
      stopWatching();
    };
  }, [db]);

  return state;
}
