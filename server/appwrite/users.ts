// The Users API subset a server with the API key uses (node-appwrite `Users`): list (by e-mail, with paging and
// search), create, get, mark the e-mail verified (PATCH /users/{id}/verification), and tokens for a user
// (POST /users/{id}/tokens), which POST /account/sessions/token turns into a session, single use, until they expire.
// A token's secret is stored hashed like the e-mailed codes and is shown once, in the answer to the API key that made
// it.
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { AppwriteError, invalidArgument, invalidParam } from './errors';
import type { AppwriteEnv, UserRow } from './context';
import { hashCode } from './account';
import { pageOf } from './lists';
import { userModel } from './models';
import { customId, emailParam, isoNow, optionalInt, readJson, stringParam, uniqueId } from './util';
import type { AppwriteBackend } from './backend';

/** Appwrite's bounds for a token the server makes: length 4-128 (default 6), 60 s to a year (default 15 min). */
const TOKEN_LENGTH = { fallback: 6, min: 4, max: 128 };
const TOKEN_EXPIRE = { fallback: 900, min: 60, max: 31_536_000 };
const USER_FIELDS = ['$id', '$createdAt', '$updatedAt', 'name', 'email', 'emailVerification', 'status', 'registration', 'accessedAt'];

const missingScope = (c: Context<AppwriteEnv>, scope: string) =>
  new AppwriteError(
    401,
    'general_unauthorized_scope',
    `User (role: ${c.get('caller').kind === 'user' ? 'users' : 'guests'}) missing scopes (["${scope}"])`,
  );
const userNotFound = () => new AppwriteError(404, 'user_not_found', 'User with the requested ID could not be found.');
const userExists = () =>
  new AppwriteError(409, 'user_already_exists', 'A user with the same id, email, or phone already exists in this project.');

/** `length` random hex characters: the token's secret. */
const hexSecret = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);

export function userRoutes(be: AppwriteBackend) {
  const app = new Hono<AppwriteEnv>();
  const db = be.db;
  const byId = db.prepare('SELECT * FROM users WHERE id = ?');

  /** Every route here needs the API key: the caller is refused before any body is read. */
  app.use('*', async (c, next) => {
    if (c.get('caller').kind !== 'key') throw missingScope(c, c.req.method === 'GET' ? 'users.read' : 'users.write');
    await next();
  });

  app.get('/', (c) => {
    const url = new URL(c.req.url);
    // An e-mail or id asked for exactly is looked up by its index; any other list reads every user (an API-key
    // list, paged by pageOf as the other resource lists are).
    const exact = exactLookup(url);
    const rows = exact
      ? (db
          .prepare(`SELECT * FROM users WHERE ${exact.column} IN (${exact.values.map(() => '?').join(', ')}) ORDER BY created_at, id`)
          .all(...exact.values) as UserRow[])
      : (db.prepare('SELECT * FROM users ORDER BY created_at, id').all() as UserRow[]);
    const page = pageOf(rows.map(userModel), url, USER_FIELDS, '$id', ['$id', 'name', 'email']);
    return c.json({ total: page.total, users: page.items });
  });

  app.post('/', async (c) => {
    const body = await readJson(c.req.raw);
    const id = customId('userId', body.userId);
    if (body.email === undefined || body.email === null)
      throw invalidParam('email', 'This server keeps customers by e-mail: a user needs an email');
    const email = emailParam('email', body.email);
    if (body.password !== undefined && body.password !== null)
      throw invalidArgument('Invalid `password` param: this server signs customers in with e-mailed codes and tokens, not passwords');
    if (body.phone !== undefined && body.phone !== null && body.phone !== '')
      throw invalidArgument('Invalid `phone` param: this server does not keep phone numbers for users');
    const name = body.name === undefined || body.name === null ? '' : stringParam('name', body.name, { max: 128 });
    const now = isoNow();
    try {
      db.prepare('INSERT INTO users (id, email, name, created_at, updated_at, accessed_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        id,
        email,
        name,
        now,
        now,
        now,
      );
    } catch (err) {
      if ((err as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT')) throw userExists();
      throw err;
    }
    return c.json(userModel(byId.get(id) as UserRow), 201);
  });

  app.get('/:userId', (c) => {
    const user = byId.get(c.req.param('userId')) as UserRow | undefined;
    if (!user) throw userNotFound();
    return c.json(userModel(user));
  });

  // As Appwrite: the API key sets whether the user's e-mail is verified (a link mailed to the address proves it), and
  // the user is answered.
  app.patch('/:userId/verification', async (c) => {
    const user = byId.get(c.req.param('userId')) as UserRow | undefined;
    if (!user) throw userNotFound();
    const body = await readJson(c.req.raw);
    if (body.emailVerification === undefined || body.emailVerification === null)
      throw invalidParam('emailVerification', 'Param "emailVerification" is not optional.');
    if (typeof body.emailVerification !== 'boolean') throw invalidParam('emailVerification', 'Value must be a valid boolean');
    db.prepare('UPDATE users SET email_verification = ?, updated_at = ? WHERE id = ?').run(
      body.emailVerification ? 1 : 0,
      isoNow(),
      user.id,
    );
    return c.json(userModel(byId.get(user.id) as UserRow));
  });

  app.post('/:userId/tokens', async (c) => {
    const user = byId.get(c.req.param('userId')) as UserRow | undefined;
    if (!user) throw userNotFound();
    const body = await readJson(c.req.raw);
    const length = optionalInt('length', body.length, TOKEN_LENGTH.fallback, TOKEN_LENGTH.min, TOKEN_LENGTH.max);
    const expire = optionalInt('expire', body.expire, TOKEN_EXPIRE.fallback, TOKEN_EXPIRE.min, TOKEN_EXPIRE.max);
    const secret = hexSecret(length);
    const salt = randomBytes(16).toString('hex');
    const id = uniqueId();
    const now = isoNow();
    const expireMs = Date.now() + expire * 1000;
    db.prepare("INSERT INTO tokens (id, user_id, code_hash, salt, expire_ms, created_at, kind) VALUES (?, ?, ?, ?, ?, ?, 'generic')").run(
      id,
      user.id,
      await hashCode(be, secret, salt),
      salt,
      expireMs,
      now,
    );
    return c.json({ $id: id, $createdAt: now, userId: user.id, secret, expire: isoNow(expireMs), phrase: '' }, 201);
  });

  return app;
}

/** `equal("email", [...])` or `equal("$id", [...])` among the queries: the rows to start from, by index. */
function exactLookup(url: URL): { column: 'email' | 'id'; values: string[] } | null {
  for (const [key, raw] of url.searchParams) {
    if (!/^queries\[\d*\]$/.test(key)) continue;
    let q: { method?: unknown; attribute?: unknown; values?: unknown };
    try {
      q = JSON.parse(raw) as typeof q;
    } catch {
      return null; // pageOf answers the malformed query
    }
    if (q?.method !== 'equal' || !Array.isArray(q.values) || !q.values.every((v) => typeof v === 'string')) continue;
    if (q.attribute === 'email') return { column: 'email', values: q.values as string[] };
    if (q.attribute === '$id') return { column: 'id', values: q.values as string[] };
  }
  return null;
}
