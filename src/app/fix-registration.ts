// A registration the server set aside, opened in the wizard to be fixed (from the customer's queue pill or staff's
// queue panel): the wizard starts afresh on /login with it.
import { appDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';

export async function fixRegistration(entry: OutboxEntry): Promise<void> {
  const { reopenSetAside } = await import('@/features/wizard/reopen');
  await reopenSetAside(appDb(), window.localStorage, entry);
  // A page load, not a route change: a wizard already on screen holds another run and would not read the draft again.
  window.location.assign('/login');
}
