// Debian's Chromium driven by playwright-core. Without Chromium the browser tests
// are skipped loudly on a developer machine; under CI they fail, because CI installs it.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
  Boolean,
) as string[];
export const chromiumPath = CANDIDATES.find((p) => existsSync(p));

if (!chromiumPath) {
  const msg = 'No Chromium found (looked in ' + CANDIDATES.join(', ') + '). Install it with: apt-get install -y chromium';
  if (process.env.CI) throw new Error(msg);
  console.warn(`\n${'!'.repeat(78)}\n!! BROWSER TESTS SKIPPED: ${msg}\n${'!'.repeat(78)}\n`);
}

export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath!, args: ARGS });

export const launchPersistent = (
  userDataDir: string,
  opts: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> => chromium.launchPersistentContext(userDataDir, { executablePath: chromiumPath!, args: ARGS, ...opts });

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESK = { viewport: { width: 1440, height: 900 } };

/** Runs `use` on a new page in a new context of `browser`, and closes the context however `use` ends. */
export async function inContext<T>(
  browser: Browser,
  options: BrowserContextOptions,
  use: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await use(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Runs `use` on the page `opening` gives, and closes the page however `use` ends. */
export async function onPage<T>(opening: Promise<Page>, use: (page: Page) => Promise<T>): Promise<T> {
  const page = await opening;
  try {
    return await use(page);
  } finally {
    await page.close();
  }
}
