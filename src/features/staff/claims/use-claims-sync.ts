// Keeps the device's copy of the claims current while /claims is open: a sync on opening the screen, every POLL_MS
// while the page is visible, and when the network returns (the submissions screen's pattern, ../use-staff-sync.ts).
import { useCallback, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { claimsCacheRepository } from '@/db/claims-cache-repository';
import type { AppDb } from '@/db/schema';
import { UNEXPECTED_ANSWER } from '@/lib/staff-functions';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { signOutStaff } from '@/lib/staff-session';
import { syncClaims } from '@/sync/claims-sync';
import { StaffSyncError } from '@/sync/staff-api';
import { syncToken, useSyncTriggers } from '../use-staff-sync';

export const OFFLINE_COPY = 'You are offline. Showing the copy saved on this device.';

export type ClaimsSyncState = {
  /** The last run could not reach the server. */
  offline: boolean;
  /** What went wrong in the last run, said for a person; null after a good one and while offline. */
  error: string | null;
  /** When the copy was last brought up to date (null: never; undefined: not read yet). */
  syncedAt: string | null | undefined;
};

async function runClaimsSync(config: RuntimeConfig, db: AppDb): Promise<void> {
  await syncClaims(db, { token: await syncToken(config) });
}

export function useClaimsSync(config: RuntimeConfig, db: AppDb): ClaimsSyncState {
  const [state, setState] = useState({ offline: false, error: null as string | null });
  const syncedAt = useLiveQuery(() => claimsCacheRepository(db).lastSyncedAt(), [db]);
  const live = useRef(true);
  const running = useRef<Promise<void> | null>(null);

  const syncNow = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const run = (async () => {
      let next: typeof state;
      try {
        await runClaimsSync(config, db);
        next = { offline: false, error: null };
      } catch (err) {
        const known = err instanceof StaffSyncError && err.code !== UNEXPECTED_ANSWER;
        const offline = known && err.status === 0;
        const ended = known && err.status === 401;
        if (!offline && !ended) console.error('Syncing the claims failed:', err);
        // The server says the session has ended: it ends here too, and the screen gives way to the sign-in form.
        if (ended) await signOutStaff(config);
        next = { offline, error: offline || ended ? null : known ? err.message : 'The claims could not be read. Please try again.' };
      }
      if (live.current) setState(next);
    })().finally(() => (running.current = null));
    running.current = run;
    return run;
  }, [config, db]);

  useSyncTriggers(syncNow, true, live);

  return { ...state, syncedAt };
}
