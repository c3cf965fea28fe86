// The customer's account calls of the sign-in, through the unmodified Appwrite web SDK: ask for a code, open a session
// with it, check whether the session is still alive, end it.
import { statusOf, typeOf } from '../appwrite-errors';

/** The calls the sign-in makes on the customer's account; the web SDK's Account has them. */
export type CustomerAccount = {
  createEmailToken(params: { userId: string; email: string }): Promise<{ userId: string }>;
  createSession(params: { userId: string; secret: string }): Promise<{ userId: string; $id: string }>;
  getSession(params: { sessionId: string }): Promise<{ userId: string; $id: string }>;
  deleteSession(params: { sessionId: string }): Promise<unknown>;
};

/** A code is on its way: the account it signs in to (the pending login). */
export type PendingLogin = { userId: string };
export type CustomerSession = { userId: string; sessionId: string };
export type SessionCheck = ({ status: 'active' } & CustomerSession) | { status: 'gone' } | { status: 'unknown' };

/** E-mails a one-time code to `email`; the server makes the user's id (or finds the address's account). */
export async function requestCode(account: Pick<CustomerAccount, 'createEmailToken'>, email: string): Promise<PendingLogin> {
  const token = await account.createEmailToken({ userId: 'unique()', email });
  return { userId: token.userId };
}

/**
 * Opens the customer's session with the code they typed. A session left on this device (an earlier customer's)
 * blocks a new one: it is ended and the code tried once more.
 */
export async function openSession(
  account: Pick<CustomerAccount, 'createSession' | 'deleteSession'>,
  login: { userId: string; code: string },
): Promise<CustomerSession> {
  const create = async () => {
    const s = await account.createSession({ userId: login.userId, secret: login.code });
    return { userId: s.userId, sessionId: s.$id };
  };
  try {
    return await create();
  } catch (err) {
    if (typeOf(err) !== 'user_session_already_exists') throw err;
    await account.deleteSession({ sessionId: 'current' });
    return create();
  }
}

/** Whether this device still holds a live session: 401 means gone; no answer (offline) means unknown. */
export async function checkSession(account: Pick<CustomerAccount, 'getSession'>): Promise<SessionCheck> {
  try {
    const s = await account.getSession({ sessionId: 'current' });
    return { status: 'active', userId: s.userId, sessionId: s.$id };
  } catch (err) {
    const status = statusOf(err);
    return status === 401 || status === 404 ? { status: 'gone' } : { status: 'unknown' };
  }
}

/** Ends the session on this device and the server. Best effort: offline, it lapses on the server by itself. */
export async function endSession(account: Pick<CustomerAccount, 'deleteSession'>): Promise<void> {
  await account.deleteSession({ sessionId: 'current' }).catch(() => undefined);
}
