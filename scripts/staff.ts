// `npm run staff -- add EMAIL [--password P] | remove EMAIL | list`, on DATA_DIR's database directly.
import { resolve } from 'node:path';
import { createStaffUser, findUserByEmail, generatePassword, listUsers, removeUser, setPassword } from '../server/auth';
import { isStaff, setStaffRole } from '../server/auth/users';
import { openDb } from '../server/store/sqlite';
import { loadDotEnv } from '../server/env-file';

loadDotEnv();

const USAGE = `Usage:
  npm run staff -- add EMAIL [--password PASSWORD]   add a staff account (or reset its password); without
                                                     --password a strong one is generated and printed once
  npm run staff -- remove EMAIL                      delete the account, its sessions and second factors
  npm run staff -- list                              show every account

Works on the database in DATA_DIR (default ./.data), also while the server runs.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv: string[]) {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  let password: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--password' || arg === '-p') {
      const value = rest[++i];
      if (value === undefined) fail('--password needs a value.');
      password = value;
    } else if (arg.startsWith('--password=')) password = arg.slice('--password='.length);
    else if (arg.startsWith('-')) fail(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  return { command, positional, password };
}

async function main() {
  const { command, positional, password } = parseArgs(process.argv.slice(2));
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  if (!command) fail('Missing command.');
  const dataDir = resolve(process.env.DATA_DIR || './.data');

  if (command === 'list') {
    if (positional.length || password !== undefined) fail('list takes no arguments.');
    const db = openDb(dataDir);
    const users = listUsers(db);
    db.close();
    if (users.length === 0) return console.log(`No accounts in ${dataDir}.`);
    const width = Math.max(5, ...users.map((u) => u.email.length));
    console.log(`${'EMAIL'.padEnd(width)}  ROLE   MFA  CREATED                   LAST SIGN-IN`);
    for (const u of users)
      console.log(
        `${u.email.padEnd(width)}  ${(u.staff ? 'staff' : '-').padEnd(5)}  ${u.mfa ? 'on ' : 'off'}  ${u.createdAt.padEnd(24)}  ${u.lastSignInAt ?? 'never'}`,
      );
    return;
  }

  if (command === 'add') {
    if (positional.length !== 1) fail('add takes exactly one EMAIL.');
    const email = positional[0]!;
    const chosen = password ?? generatePassword();
    const db = openDb(dataDir);
    try {
      const existing = findUserByEmail(db, email);
      if (existing) {
        await setPassword(db, existing.email, chosen);
        if (!isStaff(existing)) setStaffRole(db, existing.id, true);
        console.log(`${existing.email} already existed: its password was reset and its sessions were signed out.`);
      } else {
        const user = await createStaffUser(db, email, chosen, { staff: true });
        console.log(`Added staff account ${user.email}.`);
      }
      if (!password) console.log(`Password: ${chosen}   (shown once; keep it somewhere safe)`);
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    } finally {
      db.close();
    }
    return;
  }

  if (command === 'remove') {
    if (positional.length !== 1 || password !== undefined) fail('remove takes exactly one EMAIL.');
    const db = openDb(dataDir);
    const removed = removeUser(db, positional[0]!);
    db.close();
    if (!removed) {
      console.error(`No account with the email ${positional[0]} in ${dataDir}.`);
      process.exit(1);
    }
    console.log(`Removed ${positional[0]!.trim().toLowerCase()}; its sessions ended.`);
    return;
  }

  fail(`Unknown command "${command}".`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
