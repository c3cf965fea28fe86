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
 * A server for the calling describe block, usable in its tests and in hooks registered after this call (before-hooks
 * run in order, after-hooks in reverse). Reading it before it has started is an error.
 */
export function serverForSuite(overrides: Partial<ServerConfig> = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(overrides);
  });
  afterAll(() => server?.dispose());
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!server) throw new Error('the suite server starts in beforeAll');
      const value: unknown = Reflect.get(server, key);
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}

/** The built app served by a suite server, and a Chromium to open it. */
export function appInBrowser(): { readonly server: TestServer; readonly browser: Browser } {
  const server = serverForSuite({ staticDir: DIST });
  const app = { server } as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    app.browser = await launch();
  });
  afterAll(() => app.browser?.close());
  return app;
}
