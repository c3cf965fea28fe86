// Appwrite permission strings (read("user:abc")) and the checks made with them.
import { invalidParam, unauthorized } from './errors';
import { rolesOf, type Caller } from './context';

export type Action = 'create' | 'read' | 'update' | 'delete';
const PERMISSION = /^(create|read|update|delete|write)\("([^"]+)"\)$/;
const ROLE =
  /^(any|guests|users(\/(verified|unverified))?|user:[a-zA-Z0-9._-]{1,36}(\/(verified|unverified))?|team:[a-zA-Z0-9._-]{1,36}(\/[a-zA-Z0-9._-]+)?|member:[a-zA-Z0-9._-]{1,36}|label:[a-zA-Z0-9]{1,36})$/;

/**
 * Parses the permissions a caller asked for. `write` becomes update + delete; document-level
 * `create` is refused. A caller without an API key may only grant roles it holds.
 */
export function parsePermissions(input: unknown, caller: Caller, allowed: Action[]): string[] {
  if (!Array.isArray(input) || input.length > 100)
    throw invalidParam('permissions', 'Value must be a valid array no longer than 100 items');
  const roles = caller.kind === 'key' ? null : new Set(rolesOf(caller));
  const out = new Set<string>();
  for (const p of input) {
    const m = typeof p === 'string' ? PERMISSION.exec(p) : null;
    // Only a string is quoted back: turning a nested array into text recurses once per level (10,000 deep overflows).
    if (!m || !ROLE.test(m[2]!))
      throw invalidParam(
        'permissions',
        typeof p === 'string' ? `Permission "${p.slice(0, 200)}" is not valid` : 'Each permission must be a string',
      );
    const actions = m[1] === 'write' ? (['update', 'delete'] as Action[]) : [m[1] as Action];
    for (const action of actions) {
      if (!allowed.includes(action)) throw invalidParam('permissions', `Permissions must be one of: (${allowed.join(', ')})`);
      if (roles && !roles.has(m[2]!)) throw unauthorized(`Permissions must be one of: (${[...roles].map((r) => `"${r}"`).join(', ')})`);
      out.add(`${action}("${m[2]}")`);
    }
  }
  return [...out];
}

/** What Appwrite grants by default to a signed-in creator who passed no permissions. */
export function defaultPermissions(caller: Caller): string[] {
  if (caller.kind !== 'user') return [];
  const r = `user:${caller.user.id}`;
  return [`read("${r}")`, `update("${r}")`, `delete("${r}")`];
}

/** The permission strings that would let this caller do `action`. */
export const grantsFor = (caller: Caller, action: Action) => rolesOf(caller).map((r) => `${action}("${r}")`);

export function allows(permissions: string[], caller: Caller, action: Action): boolean {
  if (caller.kind === 'key') return true;
  const wanted = new Set(grantsFor(caller, action));
  return permissions.some((p) => wanted.has(p));
}
