// Staff identities (email + argon2id password hash, metadata, factors) and GoTrue's User JSON.
import { randomUUID } from 'node:crypto';
import * as argon2 from 'argon2';
import type { Db } from '../store/sqlite';
import { normalizeEmail } from './http';

export type AuthUserRow = {
  id: string;
  email: string;
  password_hash: string;
  app_metadata: string;
  user_metadata: string;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
};

export type FactorRow = {
  id: string;
  user_id: string;
  friendly_name: string;
  factor_type: string;
  status: 'unverified' | 'verified';
  secret: string;
  last_step: number;
  created_at: string;
  updated_at: string;
};

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 1024;

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20 ms a hash on a small machine. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

let dummyHash: Promise<string> | undefined;
/** Checks a password; with no user it still spends one verification, so timing does not reveal which emails exist. */
export async function checkPassword(user: AuthUserRow | undefined, password: string): Promise<boolean> {
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(user.password_hash, password).catch(() => false);
}

export const isoNow = (ms = Date.now()) => new Date(ms).toISOString();

export function validatePassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new Error(`The password must be at least ${MIN_PASSWORD} characters long.`);
  if (password.length > MAX_PASSWORD) throw new Error(`The password must be at most ${MAX_PASSWORD} characters long.`);
}

export const findUserByEmail = (db: Db, email: string) =>
  db.prepare('SELECT * FROM auth_users WHERE email = ?').get(email.trim().toLowerCase()) as AuthUserRow | undefined;
export const findUserById = (db: Db, id: string) => db.prepare('SELECT * FROM auth_users WHERE id = ?').get(id) as AuthUserRow | undefined;
export const factorsOf = (db: Db, userId: string) =>
  db.prepare('SELECT * FROM auth_factors WHERE user_id = ? ORDER BY created_at, id').all(userId) as FactorRow[];

const appMetadata = (staff: boolean) => ({ provider: 'email', providers: ['email'], ...(staff ? { role: 'staff' } : {}) });

export const isStaff = (user: AuthUserRow) => (JSON.parse(user.app_metadata) as { role?: unknown }).role === 'staff';

/** Creates a confirmed email + password user; `staff` puts role 'staff' in app_metadata (and so in its tokens). */
export async function createStaffUser(
  db: Db,
  email: string,
  password: string,
  opts: { staff: boolean } = { staff: true },
): Promise<AuthUserRow> {
  const normalized = normalizeEmailOrThrow(email);
  validatePassword(password);
  if (findUserByEmail(db, normalized)) throw new Error(`A user with the email ${normalized} already exists.`);
  const hash = await hashPassword(password);
  const now = isoNow();
  const id = randomUUID();
  db.prepare(
    `INSERT INTO auth_users (id, email, password_hash, app_metadata, user_metadata, email_confirmed_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, '{}', ?, ?, ?)`,
  ).run(id, normalized, hash, JSON.stringify(appMetadata(opts.staff)), now, now, now);
  return findUserById(db, id)!;
}

/** Sets a new password and signs the user out everywhere (a reset must end sessions opened with the old one). */
export async function setPassword(db: Db, email: string, password: string): Promise<AuthUserRow> {
  validatePassword(password);
  const user = findUserByEmail(db, email);
  if (!user) throw new Error(`No user with the email ${email}.`);
  const hash = await hashPassword(password);
  db.transaction(() => {
    db.prepare('UPDATE auth_users SET password_hash = ?, updated_at = ? WHERE id = ?').run(hash, isoNow(), user.id);
    db.prepare('DELETE FROM auth_sessions WHERE user_id = ?').run(user.id);
  })();
  return findUserById(db, user.id)!;
}

export function setStaffRole(db: Db, userId: string, staff: boolean): void {
  const user = findUserById(db, userId);
  if (!user) return;
  const meta = { ...(JSON.parse(user.app_metadata) as Record<string, unknown>) };
  if (staff) meta.role = 'staff';
  else delete meta.role;
  db.prepare('UPDATE auth_users SET app_metadata = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(meta), isoNow(), userId);
}

/** Deletes the user with their sessions, refresh tokens, factors and challenges; false when there was none. */
export function removeUser(db: Db, email: string): boolean {
  return db.prepare('DELETE FROM auth_users WHERE email = ?').run(email.trim().toLowerCase()).changes === 1;
}

export type UserSummary = { id: string; email: string; staff: boolean; mfa: boolean; createdAt: string; lastSignInAt: string | null };

export function listUsers(db: Db): UserSummary[] {
  const rows = db.prepare('SELECT * FROM auth_users ORDER BY created_at, email').all() as AuthUserRow[];
  const verified = new Set(
    (db.prepare("SELECT DISTINCT user_id FROM auth_factors WHERE status = 'verified'").all() as { user_id: string }[]).map(
      (r) => r.user_id,
    ),
  );
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    staff: isStaff(u),
    mfa: verified.has(u.id),
    createdAt: u.created_at,
    lastSignInAt: u.last_sign_in_at,
  }));
}

export const countStaff = (db: Db) => listUsers(db).filter((u) => u.staff).length;

function normalizeEmailOrThrow(email: string): string {
  try {
    return normalizeEmail(email);
  } catch {
    throw new Error(`"${email}" is not a valid email address.`);
  }
}

export function factorModel(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name,
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at,
    updated_at: f.updated_at,
  };
}

/** GoTrue's User object (internal/models/user.go); `factors` is left out when there are none, as GoTrue does. */
export function userModel(db: Db, u: AuthUserRow) {
  const factors = factorsOf(db, u.id).map(factorModel);
  const identity = {
    identity_id: u.id,
    id: u.id,
    user_id: u.id,
    identity_data: { email: u.email, email_verified: true, phone_verified: false, sub: u.id },
    provider: 'email',
    last_sign_in_at: u.last_sign_in_at ?? u.created_at,
    created_at: u.created_at,
    updated_at: u.updated_at,
    email: u.email,
  };
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.email_confirmed_at,
    phone: '',
    confirmed_at: u.email_confirmed_at,
    last_sign_in_at: u.last_sign_in_at,
    app_metadata: JSON.parse(u.app_metadata) as Record<string, unknown>,
    user_metadata: JSON.parse(u.user_metadata) as Record<string, unknown>,
    identities: [identity],
    ...(factors.length ? { factors } : {}),
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: false,
  };
}
