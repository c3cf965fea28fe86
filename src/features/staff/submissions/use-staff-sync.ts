// Keeps this device's copy current while the screen is visible:
// sends waiting edits, then fetches changes, every POLL_MS and whenever the page comes back or the network returns.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb } from '@/db/schema';
import { flushPendingEdits } from '@/sync/pending-edits';
import { StaffSyncError } from '@/sync/staff-api';
import { lastSyncedAt, syncSubmissions } from '@/sync/submissions-sync';
import type { TokenSource } from './staff-images';

export const POLL_MS = 2000;

export type SyncStatus = {
  /** "Invalid data format from server." or "Error fetching data." when the last sync failed for that reason. */
  error: string | null;
  /** The last sync could not reach the server (or the session cannot be refreshed offline). */
  offline: boolean;
  syncing: boolean;
  syncedAt: string | null | undefined;
};

export const syncErrorText = (err: unknown): string =>
  err instanceof StaffSyncError ? 'Error fetching data.' : 'Invalid data format from server.';

export function useStaffSync(db: AppDb, token: TokenSource): SyncStatus & { syncNow: () => Promise<void> } {
  const [state, setState] = useState({ error: null as string | null, offline: false, syncing: false });
  const running = useRef<Promise<void> | null>(null);
  const syncedAt = useLiveQuery(() => lastSyncedAt(db), [db]);

  const syncNow = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const run = (async () => {
      setState((s) => ({ ...s, syncing: true }));
      const bearer = await token().catch(() => null);
      if (!bearer) return setState({ error: null, offline: true, syncing: false });
      try {
        if (await db.pendingEdits.count()) await flushPendingEdits(db, { token: bearer }).catch(() => undefined);
        await syncSubmissions(db, { token: bearer });
        setState({ error: null, offline: false, syncing: false });
      } catch (err) {
        const offline = err instanceof StaffSyncError && err.status === 0;
        setState({ error: offline ? null : syncErrorText(err), offline, syncing: false });
      }
    })().finally(() => (running.current = null));
    running.current = run;
    return run;
  }, [db, token]);

  useEffect(() => {
    void syncNow();
    const tick = () => document.visibilityState === 'visible' && void syncNow();
    const timer = setInterval(tick, POLL_MS);
    document.addEventListener('visibilitychange', tick);
    window.addEventListener('online', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      window.removeEventListener('online', tick);
    };
  }, [syncNow]);

  return { ...state, syncedAt, syncNow };
}
