// The real server, and a Chromium to open the built app, for the describe block that calls these: started before
// its tests, closed after them.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ServerConfig } from '../../server/config';
import { launch } from './browser';
import { startTestServer, type TestServer } from './server';

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
