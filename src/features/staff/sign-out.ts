import type { AppDb } from '@/db/schema';
import { signOutStaff, type StaffAuthConfig } from '@/lib/staff-session';
import { clearClaimsCache } from '@/sync/claims-sync';
import { clearStaffCache } from '@/sync/submissions-sync';

/** Ends the staff session, then forgets every submission, claim, pending edit and sync mark kept on this device. */
export async function signOutAndForget(config: StaffAuthConfig, db: AppDb): Promise<void> {
  await signOutStaff(config);
  await Promise.all([clearStaffCache(db), clearClaimsCache(db)]);
}
