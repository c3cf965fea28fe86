// A store's counter device as the server sees it: enrolled by staff, sending photos and registrations with its
// counter token, and the confirmation links the customers receive (read from the dev mailbox).
import { ID } from 'appwrite';
import { Client, Databases, Storage, Users } from 'node-appwrite';
import type { TestServer } from './server';
import { webCustomer } from './web-customer';

export const functionUrl = (server: TestServer, name: string) => `${server.url}/.netlify/functions/${name}`;

/** A function call with a bearer token (staff or counter), a body sent as JSON unless it is a string. */
export function callFunction(
  server: TestServer,
  name: string,
  init: { method?: string; body?: unknown; auth?: string | null; headers?: Record<string, string> } = {},
) {
  return fetch(functionUrl(server, name), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.auth ? { Authorization: `Bearer ${init.auth}` } : {}),
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
}

export async function enrol(server: TestServer, staffToken: string, store: string): Promise<{ id: string; store: string; token: string }> {
  const res = await callFunction(server, 'enrolCounter', { body: { store }, auth: staffToken });
  if (res.status !== 200) throw new Error(`enrolCounter answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; store: string; token: string };
}

export const photoBody = (id: string, bytes: Uint8Array, type = 'image/jpeg', name = 'ring.jpg') => ({
  photo: { id, name, type, data: Buffer.from(bytes).toString('base64') },
});

export const registrationBody = (over: Record<string, unknown> = {}) => ({
  registration: {
    id: ID.unique(),
    submitted_at: new Date().toISOString(),
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+1 5551234567',
    address: '12 Elm St, Springfield, IL, 62701, United States',
    product_sku: 'AUR-001',
    selected_product: 'Aurora Pendant',
    image_file_id: '',
    ...over,
  },
});

/** The server's own view (API key): what is really stored. */
export function admin(server: TestServer) {
  const client = new Client().setEndpoint(server.endpoint).setProject(server.config.projectId).setKey(server.secrets.apiKey);
  return { databases: new Databases(client), storage: new Storage(client), users: new Users(client) };
}

export type Mail = { to: string; subject: string; text: string; html?: string; links: string[]; sentAt: string };

export async function mailbox(server: TestServer): Promise<Mail[]> {
  return (await (await fetch(`${server.url}/_dev/mail`)).json()) as Mail[];
}

export const LINK_SUBJECT = 'Confirm your warranty registration';

/** The confirmation-link mails sent to `email`, newest first. */
export async function linkMails(server: TestServer, email: string): Promise<Mail[]> {
  return (await mailbox(server)).filter((m) => m.to === email && m.subject === LINK_SUBJECT);
}

/** The confirmation link a mail carries, and its parameters. */
export function confirmLink(mail: Mail) {
  const href = mail.links.find((l) => new URL(l).pathname === '/confirm');
  if (!href) throw new Error(`no confirmation link in: ${mail.text}`);
  const url = new URL(href);
  return { href, url, registration: url.searchParams.get('registration')!, key: url.searchParams.get('key')! };
}

export type ConfirmLink = ReturnType<typeof confirmLink>;

/** Opens a link as the /confirm page does (openConfirmationLink): its answer. */
export const openLink = (server: TestServer, link: { registration: string; key: string }) =>
  callFunction(server, 'openConfirmationLink', { body: { registration: link.registration, key: link.key } });

/**
 * Opens a link and signs a fresh device in with the token it answers, as the /confirm page does; the device and the
 * account it was signed in to. Throws when the link does not open.
 */
export async function signInWithLink(server: TestServer, link: { registration: string; key: string }) {
  const res = await openLink(server, link);
  if (res.status !== 200) throw new Error(`openConfirmationLink answered ${res.status}: ${await res.text()}`);
  const { userId, secret } = (await res.json()) as { userId: string; secret: string };
  const device = webCustomer(server.endpoint);
  await device.as(() => device.account.createSession({ userId, secret }));
  return { device, userId, secret };
}
