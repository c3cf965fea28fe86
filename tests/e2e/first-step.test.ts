// /login's first step, prerendered in login.html for a device that has never run the app: it paints and takes typing
// before any script has arrived, the app takes it over keeping what was typed (and a Next or Enter pressed meanwhile),
// and a device with a saved run on another step never sees step 1 on the way to that step.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appInBrowser } from '../helpers/suite';
import { chromiumPath, PHONE } from '../helpers/browser';
import { atStep, passNameStep } from '../helpers/wizard-walk';
import { readDevice } from '../helpers/device-db';

/** Holds back every script but login.html's first one until `release` is called: the page as a slow network shows it. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!first-run-)[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Console errors (React reports a hydration mismatch there) and policy violations, but the blocked service worker. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || /Content Security Policy/i.test(m.text())) && !/service worker/i.test(m.text())) seen.push(m.text());
  });
  page.on('pageerror', (e) => seen.push(e.message));
  return seen;
}

/** Whether the app has taken the prerendered step over (login.html's root then stops being marked prerendered). */
const takenOver = (page: Page) => page.waitForFunction(() => document.getElementById('root')?.dataset.prerendered === undefined);

/**
 * Records, on every frame from the page's start, whether step 1's heading was on screen: a flash of it would be seen
 * here even if the app replaced it within a few frames.
 */
const STEP1_WATCH = `
  window.__step1Seen = 0;
  const look = () => {
    const label = document.querySelector('label[for="fullName"]');
    if (label && label.checkVisibility()) window.__step1Seen++;
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
`;

describe.runIf(chromiumPath)('the prerendered first step', () => {
  const app = appInBrowser();
  /** A device that has never run the app (no service worker either), closed after `use`. */
  const onNewDevice = async (use: (context: BrowserContext) => Promise<void>) => {
    const context = await app.browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    try {
      await use(context);
    } finally {
      await context.close();
    }
  };
  /** /login opened on a device that has never run the app, its scripts held back: step 1 is on screen, prerendered. */
  const firstVisit = async (context: BrowserContext) => {
    const page = await context.newPage();
    const seen = problems(page);
    const release = await holdScripts(page);
    await page.goto(`${app.server.url}/login`, { waitUntil: 'commit' });
    await atStep(page, 'Your Full Name');
    return { page, seen, release };
  };

  it('paints step 1 before any script arrives, keeps what is typed and an Enter pressed meanwhile, and goes on', () =>
    onNewDevice(async (context) => {
      const { page, seen, release } = await firstVisit(context);
      expect(await page.getByLabel('Your Full Name').isVisible()).toBe(true);
      expect(await page.locator('.wizard__progress').textContent()).toBe('Step 1 of 6');
      // No script of the app has run yet: the customer types, and presses Enter (which, alone, the page ignores).
      await page.getByLabel('Your Full Name').fill('Ada Lovelace');
      await page.getByLabel('Your Full Name').press('Enter');
      expect(page.url()).toBe(`${app.server.url}/login`);
      await page.screenshot({ path: 'test-results/first-step-before-scripts.png' });

      release();
      await atStep(page, 'Email Address');
      await page.getByRole('button', { name: /Back/ }).click();
      await atStep(page, 'Your Full Name');
      expect(await page.getByLabel('Your Full Name').inputValue()).toBe('Ada Lovelace');
      expect(seen).toEqual([]);
    }));

  it('keeps the very field it was typed into as the app takes it over', () =>
    onNewDevice(async (context) => {
      const { page, seen, release } = await firstVisit(context);
      const field = page.getByLabel('Your Full Name');
      await field.fill('Grace');
      await page.evaluate(() => ((window as unknown as { typedInto: Element | null }).typedInto = document.getElementById('fullName')));
      release();
      await takenOver(page);
      // Typing on after the app took over: the same element, and the text so far kept.
      expect(
        await page.evaluate(() => document.getElementById('fullName') === (window as unknown as { typedInto: Element }).typedInto),
      ).toBe(true);
      await field.press('End');
      await page.keyboard.type(' Hopper');
      expect(await field.inputValue()).toBe('Grace Hopper');
      // Saved as any answer is, a moment after the change: then a reload (now "Loading...", then the app) brings it back.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('currentStep'))).toBe('1');
      await expect.poll(() => readDevice(page).then((d) => d.drafts.map((x) => x.values.fullName))).toEqual(['Grace Hopper']);
      await page.reload();
      await takenOver(page);
      await expect.poll(() => field.inputValue()).toBe('Grace Hopper');
      await page.getByRole('button', { name: 'Next' }).click();
      await atStep(page, 'Email Address');
      expect(seen).toEqual([]);
    }));

  it('acts on Next pressed before the app arrived', () =>
    onNewDevice(async (context) => {
      const { page, release } = await firstVisit(context);
      await page.getByLabel('Your Full Name').fill('Katherine Johnson');
      await page.getByRole('button', { name: 'Next' }).click();
      release();
      await atStep(page, 'Email Address');
    }));

  it('never shows step 1 on a device whose saved run comes back on another step', () =>
    onNewDevice(async (context) => {
      const page = await context.newPage();
      await page.goto(`${app.server.url}/login`);
      await passNameStep(page);
      await page.getByLabel('Email Address').fill('ada@example.com');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('currentStep'))).toBe('2'); // the run is saved
      await page.close();

      const again = await context.newPage();
      const seen = problems(again);
      await again.addInitScript({ content: STEP1_WATCH });
      const release = await holdScripts(again);
      await again.goto(`${app.server.url}/login`, { waitUntil: 'commit' });
      await again.locator('#root').waitFor({ state: 'attached' });
      await again.waitForTimeout(300); // frames painted while the scripts are held: "Loading..." only
      expect(await again.locator('#root').evaluate((root) => getComputedStyle(root, '::before').content)).toBe('"Loading..."');
      release();
      await atStep(again, 'Email Address');
      expect(await again.getByLabel('Email Address').inputValue()).toBe('ada@example.com');
      expect(await again.evaluate(() => (window as unknown as { __step1Seen: number }).__step1Seen)).toBe(0);
      expect(seen).toEqual([]);
    }));
});
