// The one staff data path of every staff screen: sends this device's pending edits, then brings the submissions
// cache up to date, with the staff session's token. It runs on opening the screen, when the network returns and
// on "Sync now"; with `poll`, also every POLL_MS while the page is visible (the submissions screen, so new
// registrations appear within seconds).
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb } from '@/db/schema';
import { UNEXPECTED_ANSWER } from '@/lib/staff-functions';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { getStaffSession, signOutStaff } from '@/lib/staff-session';
import { flushPendingEdits, type FlushResult } from '@/sync/pending-edits';
import { StaffSyncError } from '@/sync/staff-api';
import { lastSyncedAt, syncSubmissions } from '@/sync/submissions-sync';

export const POLL_MS = 2000;

export type StaffSyncState = {
  syncing: boolean;
  /** The last run could not reach the server (or the session cannot be refreshed offline). */
  offline: boolean;
  /** What went wrong in the last run, said for a person; null after a good one. */
  error: string | null;
  /** The same in SPEC.md's words for the submissions screen ("Error fetching data." or "Invalid data format from
   * server."); null after a good run and while offline. */
  fetchError: string | null;
  /** Conflicts waiting for the staff member after the last run. */
  conflicts: number;
  /** Bumped after every finished run, so screens can read the cache again. */
  version: number;
  /** When the cache was last brought up to date (null: never; undefined: not read yet). */
  syncedAt: string | null | undefined;
};

const OFFLINE = 'You are offline. Showing the copy saved on this device.';

/** The server refused (a StaffSyncError), not answered something this app cannot read. */
const refused = (err: unknown): err is StaffSyncError => err instanceof StaffSyncError && err.code !== UNEXPECTED_ANSWER;

const messageOf = (err: unknown) => {
  if (refused(err) && err.status === 0) return OFFLINE;
  if (refused(err) && (err.status === 401 || err.status === 403)) return 'Your staff session has ended. Sign in again to sync.';
  if (refused(err)) return err.message;
  return 'Sync failed. Please try again.';
};

/** SPEC.md's texts: a server that answered wrongly, or one that could not be read. */
export const syncErrorText = (err: unknown): string => (refused(err) ? 'Error fetching data.' : 'Invalid data format from server.');

/** The staff session's access token for a sync, or a StaffSyncError: offline (status 0) or no session (401). */
export async function syncToken(config: RuntimeConfig): Promise<string> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new StaffSyncError(0, 'offline', 'offline');
  const staff = await getStaffSession(config);
  if (!staff) throw new StaffSyncError(401, 'unauthorized', 'No staff session.');
  if (staff.offline) throw new StaffSyncError(0, 'offline', 'The session cannot be refreshed offline.');
  return staff.session.access_token;
}

export async function runStaffSync(config: RuntimeConfig, db: AppDb): Promise<FlushResult> {
  const token = await syncToken(config);
  const flushed = await flushPendingEdits(db, { token });
  await syncSubmissions(db, { token });
  return flushed;
}

/**
 * Runs `syncNow` at once, when the network returns and, with `poll`, every POLL_MS while the page is visible; `live`
 * is true while the screen is there.
 */
export function useSyncTriggers(syncNow: () => Promise<void>, poll: boolean, live: MutableRefObject<boolean>): void {
  useEffect(() => {
    live.current = true;
    void syncNow();
    const tick = () => document.visibilityState === 'visible' && void syncNow();
    const timer = poll ? setInterval(tick, POLL_MS) : undefined;
    if (poll) document.addEventListener('visibilitychange', tick);
    window.addEventListener('online', tick);
    return () => {
      live.current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      window.removeEventListener('online', tick);
    };
  }, [poll, syncNow, live]);
}

export function useStaffSync(
  config: RuntimeConfig,
  db: AppDb,
  opts: { poll?: boolean } = {},
): StaffSyncState & { syncNow: () => Promise<void> } {
  const poll = opts.poll ?? false;
  const [state, setState] = useState({
    syncing: true,
    offline: false,
    error: null as string | null,
    fetchError: null as string | null,
    conflicts: 0,
    version: 0,
  });
  const syncedAt = useLiveQuery(() => lastSyncedAt(db), [db]);
  const live = useRef(true);
  const running = useRef<Promise<void> | null>(null);

  const syncNow = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const run = (async () => {
      setState((s) => ({ ...s, syncing: true }));
      let next: Partial<typeof state>;
      try {
        const flushed = await runStaffSync(config, db);
        next = { offline: false, error: null, fetchError: null, conflicts: flushed.conflicts.length };
      } catch (err) {
        const offline = err instanceof StaffSyncError && err.status === 0;
        const ended = refused(err) && err.status === 401;
        if (!offline && !ended) console.error('Staff sync failed:', err);
        // The server says the session has ended (signed out elsewhere, revoked): it ends here too, and the staff
        // screen gives way to the sign-in form (RequireStaff hears the sign-out) instead of an error over old rows.
        if (ended) await signOutStaff(config);
        next = { offline, error: messageOf(err), fetchError: offline || ended ? null : syncErrorText(err) };
      }
      if (live.current) setState((s) => ({ ...s, ...next, syncing: false, version: s.version + 1 }));
    })().finally(() => (running.current = null));
    running.current = run;
    return run;
  }, [config, db]);

  useSyncTriggers(syncNow, poll, live);

  return { ...state, syncedAt, syncNow };
}
