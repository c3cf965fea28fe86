// Makes sure a staff account exists at start (STAFF_EMAIL/STAFF_PASSWORD, or a generated one).
import { randomBytes } from 'node:crypto';
import type { Db } from '../store/sqlite';
import { checkPassword, countStaff, createStaffUser, findUserByEmail, isStaff, setPassword, setStaffRole } from './users';

export const DEFAULT_STAFF_EMAIL = 'staff@localhost';

/** 24 characters from a CSPRNG (144 bits). */
export const generatePassword = () => randomBytes(18).toString('base64url');

/**
 * With an email and password: creates that staff account, or gives the existing one this password and the staff role.
 * Without: when no staff account exists at all, creates staff@localhost with a random password and returns the
 * credentials (the caller shows them once). Returns null when nothing was generated.
 */
export async function ensureStaffAccount(
  db: Db,
  opts: { email?: string; password?: string },
): Promise<{ email: string; password: string } | null> {
  if (opts.email && opts.password) {
    const user = findUserByEmail(db, opts.email);
    if (!user) {
      await createStaffUser(db, opts.email, opts.password, { staff: true });
      return null;
    }
    if (!(await checkPassword(user, opts.password))) await setPassword(db, user.email, opts.password);
    if (!isStaff(user)) setStaffRole(db, user.id, true);
    return null;
  }
  if (countStaff(db) > 0) return null;
  const password = generatePassword();
  const existing = findUserByEmail(db, DEFAULT_STAFF_EMAIL);
  if (existing) {
    await setPassword(db, existing.email, password);
    setStaffRole(db, existing.id, true);
  } else {
    await createStaffUser(db, DEFAULT_STAFF_EMAIL, password, { staff: true });
  }
  return { email: DEFAULT_STAFF_EMAIL, password };
}
