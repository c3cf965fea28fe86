// The real server, and a Chromium to open the built app, for the describe block that calls these: started before
// its tests, closed after them.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ServerConfig } from '../../server/config';
import { launch } from './browser';
import { STAFF } from './fixtures';
import { startTestServer, type TestServer } from './server';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';
import { signIn } from './staff';
import { staffDeskPage } from './submissions-screen';

/** The app as the e2e global setup builds it. */
export const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * What `start` makes, for the calling describe block: usable in its tests and in hooks registered after this call
 * (before-hooks run in order, after-hooks in reverse), and ended by `stop`, if given, after them. Reading it before
 * it has started is an error.
 */
export function forSuite<T extends object>(start: () => Promise<T>, stop?: (it: T) => Promise<unknown>): T {
  let it: T | undefined;
  beforeAll(async () => {
    it = await start();
  });
  if (stop) afterAll(() => it && stop(it));
  return new Proxy({} as T, {
    get(_target, key) {
      if (!it) throw new Error('a suite fixture is made in beforeAll: read it in tests and later hooks');
      const value: unknown = Reflect.get(it, key);
      return typeof value === 'function' ? value.bind(it) : value;
    },
  });
}

/** A server for the calling describe block (see `forSuite`). */
export const serverForSuite = (overrides: Partial<ServerConfig> = {}): TestServer =>
  forSuite(
    () => startTestServer(overrides),
    (server) => server.dispose(),
  );

/** A Chromium for the calling describe block (see `forSuite`). */
export const browserForSuite = (): Browser => forSuite(launch, (browser) => browser.close());

/** The built app served by a suite server (with `overrides` to its configuration), and a Chromium to open it. */
export function appInBrowser(overrides: Partial<ServerConfig> = {}): { readonly server: TestServer; readonly browser: Browser } {
  return { server: serverForSuite({ staticDir: DIST, ...overrides }), browser: browserForSuite() };
}

/** The staff account STAFF, as a server is started with it. */
const STAFF_ACCOUNT = { staffEmail: STAFF.email, staffPassword: STAFF.password };

/** STAFF signed in on a suite server, for the calling describe block (see `forSuite`): `token`, their access token. */
export const staffSignedIn = (server: TestServer): { readonly token: string } =>
  forSuite(async () => ({ token: await signIn(server, STAFF.email, STAFF.password) }));

/** A server with the staff account STAFF (and `overrides`), and STAFF signed in on it (`staff.token`), for the calling describe block. */
export function staffServerForSuite(overrides: Partial<ServerConfig> = {}): {
  readonly server: TestServer;
  readonly staff: { readonly token: string };
} {
  const server = serverForSuite({ ...STAFF_ACCOUNT, ...overrides });
  return { server, staff: staffSignedIn(server) };
}

/** As `staffServerForSuite`, the server sending its mail by SMTP to `smtp`, a local SMTP server that keeps what it receives. */
export function mailingStaffServerForSuite(overrides: Partial<ServerConfig> = {}): {
  readonly smtp: SmtpCatcher;
  readonly server: TestServer;
  readonly staff: { readonly token: string };
} {
  const smtp = forSuite(startSmtpCatcher, (catcher) => catcher.close());
  const server = forSuite(
    () => startTestServer({ ...STAFF_ACCOUNT, ...overrides, smtpUrl: smtp.url }),
    (started) => started.dispose(),
  );
  return { smtp, server, staff: staffSignedIn(server) };
}

/**
 * The built app on a suite server with the staff account STAFF, a Chromium to open it, and STAFF signed in
 * (`staff.token`), for the calling describe block.
 */
export function staffAppInBrowser(): {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly staff: { readonly token: string };
} {
  const { server, browser } = appInBrowser(STAFF_ACCOUNT);
  return { server, browser, staff: staffSignedIn(server) };
}

/**
 * As `staffAppInBrowser`, with what `seed` writes through the server (run once STAFF is signed in), and then `page`: a
 * desk-size page signed in as staff through the form (see `staffDeskPage`), which finds the seeded rows on the server.
 */
export function staffAtDesk(seed?: () => Promise<void>): {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly staff: { readonly token: string };
  readonly page: Page;
} {
  const app = staffAppInBrowser();
  if (seed) beforeAll(seed);
  return { ...app, page: forSuite(() => staffDeskPage(app.browser, app.server.url)) };
}
