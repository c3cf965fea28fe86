// /_dev/mail: the messages the dev mailbox holds, for a browser or tool on this machine (the tests, a developer).
import { Hono, type Context } from 'hono';
import type { ServerConfig } from './config';
import type { Mailer } from './mail';
import { peerAddress } from './net/client-ip';

const isLoopback = (addr: string | undefined) => !!addr && (addr === '::1' || addr.startsWith('127.') || addr === '::ffff:127.0.0.1');
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const hostnameOf = (host: string | undefined) => {
  try {
    return new URL(`http://${host ?? ''}`).hostname;
  } catch {
    return '';
  }
};

/**
 * The dev mailbox answers only a browser or tool on this very machine talking to it directly: never through a
 * proxy (any forwarding header), never under another Host name (DNS rebinding), never from another address.
 */
function isDirectLocalRequest(c: Context): boolean {
  let forwarded = false;
  c.req.raw.headers.forEach((_, name) => {
    if (name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip') forwarded = true;
  });
  return !forwarded && LOCAL_HOSTNAMES.has(hostnameOf(c.req.header('host'))) && isLoopback(peerAddress(c));
}

export function devMailboxRoutes(config: ServerConfig, mailer: Mailer) {
  const app = new Hono();
  // The dev mailbox exists only when the configuration allows it, and only for this machine: codes must not leak.
  app.get('/_dev/mail', (c) => {
    const inbox = config.devMailbox ? mailer.inbox() : null;
    if (!inbox || !isDirectLocalRequest(c)) return c.json({ message: 'Not found.' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json(
      inbox.map(({ to, subject, text, html, code, attachments, links, sentAt }) => ({
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(code ? { code } : {}),
        attachments,
        links,
        sentAt,
      })),
    );
  });
  return app;
}
