// The built app (dist/, built by the e2e global setup) served by a real server, and a
// Chromium to open it, for the describe block that calls appInBrowser().
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { startTestServer, type TestServer } from './server';

export const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

export function appInBrowser(): { readonly server: TestServer; readonly browser: Browser } {
  const app = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    app.server = await startTestServer({ staticDir: DIST });
    app.browser = await launch();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.dispose();
  });
  return app;
}
