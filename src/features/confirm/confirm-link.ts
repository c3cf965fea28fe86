// /confirm's logic: the link e-mailed to a customer who registered at a counter without the code. Opening it (on any
// device) signs the customer in to the account of the address the link was mailed to (openConfirmationLink answers a
// one-minute sign-in for it) and confirms the registration. A browser signed in to another account is asked first,
// never switched silently. An expired, used or older link asks for a fresh one.
import type { AppwriteClients } from '@/lib/appwrite';
import { statusOf } from '@/lib/appwrite-errors';
import { endSession } from '@/lib/customer-sign-in/account';
import { callFunction } from '@/lib/functions';

/** What the page shows: the link being opened, the question, or how it ended. */
export type ConfirmState = 'confirming' | 'ask' | 'kept' | 'confirmed' | 'renewed' | 'broken' | 'offline' | 'failed';
type Ended = Exclude<ConfirmState, 'confirming' | 'ask' | 'kept'>;

/** The link: its registration and its key. */
export type ConfirmLink = { id: string; key: string };

/** Opening the link ended (`state`), or asks first: this browser is signed in as someone else (`signedInAs`). */
export type Opened = { state: Ended } | { state: 'ask'; signedInAs: string; link: ConfirmLink };

type Account = Pick<AppwriteClients['account'], 'get' | 'createSession' | 'createJWT' | 'deleteSession'>;
type LinkSignIn = { userId: string; secret: string };

/** A fresh link to the registration's own address (the answer is the same whether one went or not). */
async function renew(id: string): Promise<Ended> {
  const res = await callFunction('renewConfirmation', { body: { id } }).catch(() => null);
  return res?.ok ? 'renewed' : 'failed';
}

/** Opens the link: the sign-in it answers, or what to show. A network failure rejects. */
async function openLink({ id, key }: ConfirmLink): Promise<LinkSignIn | Ended> {
  const res = await callFunction('openConfirmationLink', { body: { registration: id, key } });
  if (res.ok) return res.data;
  if (res.status === 410) return 'renewed'; // expired: the server has already sent a fresh link
  if (res.status === 404) return renew(id); // used, replaced by a newer one, or unknown
  return res.status === 422 ? 'broken' : 'failed';
}

/** Signs in with the link's sign-in (unless already signed in to that account) and confirms. */
async function signInAndConfirm(account: Account, id: string, signIn: LinkSignIn, signedInAs: string | null): Promise<Ended> {
  if (signedInAs !== signIn.userId) await account.createSession(signIn);
  const { jwt } = await account.createJWT();
  const res = await callFunction('confirmRegistration', { customerJwt: jwt, body: { id } });
  return res.ok ? 'confirmed' : res.status >= 500 ? 'failed' : 'broken';
}

const failureOf = (err: unknown): Ended => (err instanceof TypeError || statusOf(err) === 0 ? 'offline' : 'failed');

/**
 * Opens the link of the page's address (`search`). `forget` takes the key out of the address bar: called as soon as
 * the server has answered for it.
 */
export async function openFromAddress(search: string, account: Account, forget: (id: string) => void): Promise<Opened> {
  const q = new URLSearchParams(search);
  const [id, key] = [q.get('registration'), q.get('key')];
  if (!id) return { state: 'broken' };
  try {
    if (!key) {
      // An older link (a user id and a secret) opens nothing any more: a fresh link goes out instead.
      if (!q.get('userId') || !q.get('secret')) return { state: 'broken' };
      forget(id);
      return { state: await renew(id) };
    }
    const current = await account.get().catch(() => null);
    const opened = await openLink({ id, key });
    forget(id);
    if (typeof opened === 'string') return { state: opened };
    // Someone else's session in this browser is never replaced without asking.
    if (current && current.$id !== opened.userId) return { state: 'ask', signedInAs: current.email, link: { id, key } };
    return { state: await signInAndConfirm(account, id, opened, current?.$id ?? null) };
  } catch (err) {
    return { state: failureOf(err) };
  }
}

/** "Continue with this link": the other account's session ends, then the link is opened afresh and confirmed. */
export async function continueWithLink(account: Account, link: ConfirmLink): Promise<Ended> {
  try {
    await endSession(account);
    // A fresh sign-in: the first one lasts a minute, and the question may have waited longer.
    const opened = await openLink(link);
    if (typeof opened === 'string') return opened;
    return await signInAndConfirm(account, link.id, opened, null);
  } catch (err) {
    return failureOf(err);
  }
}
