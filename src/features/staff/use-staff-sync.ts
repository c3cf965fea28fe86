// Sends this device's pending edits, then brings the submissions cache up to
// date: on opening a staff screen when online, when the network returns, and on "Sync now".
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { getStaffSession } from '@/lib/staff-session';
import { flushPendingEdits, type FlushResult } from '@/sync/pending-edits';
import { StaffSyncError } from '@/sync/staff-api';
import { syncSubmissions } from '@/sync/submissions-sync';

export type StaffSyncState = {
  syncing: boolean;
  /** What went wrong in the last run, said for a person; null after a good one. */
  error: string | null;
  /** Conflicts waiting for the staff member after the last run. */
  conflicts: number;
  /** Bumped after every finished run, so screens can read the cache again. */
  version: number;
};

const messageOf = (err: unknown) => {
  if (err instanceof StaffSyncError && err.status === 0) return 'You are offline. Showing the copy saved on this device.';
  if (err instanceof StaffSyncError && (err.status === 401 || err.status === 403))
    return 'Your staff session has ended. Sign in again to sync.';
  if (err instanceof StaffSyncError) return err.message;
  return 'Sync failed. Please try again.';
};

export async function runStaffSync(config: RuntimeConfig, db: AppDb): Promise<FlushResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new StaffSyncError(0, 'offline', 'offline');
  const staff = await getStaffSession(config);
  if (!staff) throw new StaffSyncError(401, 'unauthorized', 'No staff session.');
  if (staff.offline) throw new StaffSyncError(0, 'offline', 'The session cannot be refreshed offline.');
  const token = staff.session.access_token;
  const flushed = await flushPendingEdits(db, { token });
  await syncSubmissions(db, { token });
  return flushed;
}

export function useStaffSync(config: RuntimeConfig, db: AppDb, opts: { auto?: boolean } = {}) {
  const auto = opts.auto ?? true;
  const [state, setState] = useState<StaffSyncState>({ syncing: auto, error: null, conflicts: 0, version: 0 });
  const live = useRef(true);

  const syncNow = useCallback(async () => {
    setState((s) => ({ ...s, syncing: true }));
    let next: Partial<StaffSyncState>;
    try {
      const flushed = await runStaffSync(config, db);
      next = { error: null, conflicts: flushed.conflicts.length };
    } catch (err) {
      console.error('Staff sync failed:', err);
      next = { error: messageOf(err) };
    }
    if (live.current) setState((s) => ({ ...s, ...next, syncing: false, version: s.version + 1 }));
  }, [config, db]);

  useEffect(() => {
    live.current = true;
    if (auto) void syncNow();
    const onOnline = () => void syncNow();
    window.addEventListener('online', onOnline);
    return () => {
      live.current = false;
      window.removeEventListener('online', onOnline);
    };
  }, [auto, syncNow]);

  return { ...state, syncNow };
}
