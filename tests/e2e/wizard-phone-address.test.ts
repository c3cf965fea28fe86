// Issue 22's phones and addresses, as a new customer met them, in Chromium at 390x844 against the real server: numbers
// from the UK, Sweden, Norway, Germany and Japan; the US's SPEC.md texts; an address typed by hand that is no address;
// a ZIP of another state; Enter while suggestions show. What the server then holds, where the issue is about storing.
import { copyFileSync, mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appInBrowser } from '../helpers/suite';
import { chromiumPath, DESK, onPage, PHONE } from '../helpers/browser';
import { atStep, heading, registrationOf, STEP6, verifyEmail } from '../helpers/wizard-walk';

const SHOTS = process.env.SHOTS_DIR;
/** The page as it is, at phone size and at desktop size (test-results/, and SHOTS_DIR when set). */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['390', PHONE.viewport],
    ['1440', DESK.viewport],
  ] as const) {
    await page.setViewportSize(viewport);
    const path = `test-results/phone-address-${name}-${size}.png`;
    await page.screenshot({ path, fullPage: true });
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      copyFileSync(path, `${SHOTS}/${name}-${size}.png`);
    }
  }
  await page.setViewportSize(PHONE.viewport);
}

const phone = (page: Page) => page.getByLabel('Phone number');
const countryButton = (page: Page) => page.getByRole('button', { name: /Country code/ });

/** Opens the country list and searches it. */
async function searchCountries(page: Page, text: string) {
  await countryButton(page).click();
  await page.getByLabel('Search countries').fill(text);
}

async function chooseCountry(page: Page, search: string, name: string) {
  await searchCountries(page, search);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect.poll(() => countryButton(page).textContent()).toContain(name);
}

/** Step 5 by hand: line 1 (its suggestions closed), then city, state and ZIP as given. */
async function typeAddress(page: Page, a: { line1: string; city?: string; state?: string; zip?: string }) {
  await page.getByLabel('Address line 1').fill(a.line1);
  await page.getByLabel('Address line 1').press('Escape');
  if (a.city !== undefined) await page.getByLabel('City').fill(a.city);
  if (a.state !== undefined) await page.getByLabel('State').selectOption(a.state);
  if (a.zip !== undefined) await page.getByLabel('ZIP code').fill(a.zip);
}

/** Steps 5 and 6 with a suggested address and a product, then Submit; the server's copy of the registration. */
async function finish(page: Page, app: ReturnType<typeof appInBrowser>, email: string) {
  await atStep(page, 'Address');
  await page.getByLabel('Address line 1').pressSequentially('1 Main St Boston', { delay: 30 });
  await page.getByRole('option', { name: /Boston, MA/ }).click();
  await expect.poll(() => page.getByLabel('ZIP code').inputValue()).toBe('02108');
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, STEP6);
  await page.getByLabel('Product name or SKU').fill('ring');
  await page.locator('.result').first().click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await atStep(page, 'Thank you!', 15_000);
  return (await registrationOf(app.server, email)).doc;
}

describe.runIf(chromiumPath)('issue 22: phones outside the US, and addresses that are addresses', () => {
  const app = appInBrowser();

  /** A new page signed in through steps 1 to 3, on step 4. */
  async function onPhoneStep(email: string) {
    const page = await app.browser.newPage(PHONE);
    await page.goto(`${app.server.url}/login`);
    await verifyEmail(page, app.server, email);
    await atStep(page, 'Phone Number');
    return page;
  }

  it('takes a UK mobile written as people write it, and stores it as +44 7700900123', async () => {
    const email = 'uk.phone@example.com';
    await onPage(onPhoneStep(email), async (page) => {
      await chooseCountry(page, 'united k', 'United Kingdom');
      await phone(page).fill('07700 900123');
      await page.getByRole('button', { name: 'Next' }).click();
      expect((await finish(page, app, email)).phone).toBe('+44 7700900123');
    });
  });

  it('stores a Swedish number without its trunk 0: +46 701234567', async () => {
    const email = 'se.phone@example.com';
    await onPage(onPhoneStep(email), async (page) => {
      await chooseCountry(page, 'swe', 'Sweden');
      await phone(page).fill('070-123 45 67');
      await phone(page).press('Enter');
      expect((await finish(page, app, email)).phone).toBe('+46 701234567');
    });
  });

  it('finds Norway by name and by +47; names Germany for a wrong German number; takes Japan’s', async () => {
    await onPage(onPhoneStep('world.phone@example.com'), async (page) => {
      await countryButton(page).click();
      await page.locator('.country__option--first-other').scrollIntoViewIfNeeded(); // SPEC.md's 24, then all the others
      await shoot(page, 'step4-countries-all');
      await page.getByLabel('Search countries').press('Escape');
      await searchCountries(page, 'Norway');
      await page.getByRole('option', { name: /Norway/ }).waitFor();
      await page.getByLabel('Search countries').press('Escape');
      await searchCountries(page, '+47');
      await page.getByRole('option', { name: /Norway/ }).waitFor();
      expect(
        await page
          .getByRole('option', { name: /Norway/ })
          .locator('img')
          .evaluate((i) => (i as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
      await shoot(page, 'step4-countries-open');
      await page.getByLabel('Search countries').press('Enter');
      await expect.poll(() => countryButton(page).textContent()).toContain('+47');

      await chooseCountry(page, 'germ', 'Germany');
      await phone(page).fill('0301');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Enter a valid phone number for Germany.').waitFor();
      expect(await phone(page).getAttribute('aria-invalid')).toBe('true');
      expect(await phone(page).getAttribute('aria-describedby')).toBe('phone-error');
      expect(await phone(page).inputValue()).toBe('0301');
      await shoot(page, 'step4-error');

      await chooseCountry(page, 'japan', 'Japan');
      await phone(page).fill('090-1234-5678');
      await phone(page).press('Enter');
      await atStep(page, 'Address');
    });
  });

  it('keeps SPEC.md’s 10 digits and texts for US numbers', async () => {
    await onPage(onPhoneStep('us.phone@example.com'), async (page) => {
      expect(await countryButton(page).textContent()).toContain('+1');
      await phone(page).press('Enter');
      await page.getByText('Enter your phone number.').waitFor();
      await phone(page).pressSequentially('55a');
      await page.getByText('Numbers only please').waitFor();
      await phone(page).fill('555123456');
      await phone(page).press('Enter');
      await page.getByText('Phone number must be 10 digits').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await heading(page).textContent()).toBe('Phone Number');
      await phone(page).fill('5551234567');
      await phone(page).press('Enter');
      await atStep(page, 'Address');
      // A +1 number is checked without the phone library: this customer never downloads it.
      const libraryLoaded = () =>
        page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/phone-library-')));
      expect(await libraryLoaded()).toBe(false);
      // Opening the country list fetches it, with the other countries' flags.
      await page.getByRole('button', { name: 'Back' }).click();
      await atStep(page, 'Phone Number');
      await countryButton(page).click();
      await expect.poll(libraryLoaded).toBe(true);
    });
  });

  it('refuses an address typed by hand without a city, a state or a ZIP of that state, each said beside its field', async () => {
    const page = await onPhoneStep('address.check@example.com');
    const next = () => page.getByRole('button', { name: 'Next' }).click();
    const invalid = (label: string) => page.getByLabel(label).getAttribute('aria-invalid');
    try {
      await phone(page).fill('5551234567');
      await phone(page).press('Enter');
      await atStep(page, 'Address');

      await typeAddress(page, { line1: 'Somewhere' });
      await next();
      await page.getByText('Enter your city.').waitFor();
      await page.getByText('Choose your state.').waitFor();
      await page.getByText('Enter a 5-digit ZIP code.').waitFor();
      expect(await Promise.all(['City', 'State', 'ZIP code'].map(invalid))).toEqual(['true', 'true', 'true']);
      expect(await invalid('Address line 1')).toBeNull();
      expect(await page.getByLabel('Address line 1').inputValue()).toBe('Somewhere');
      await shoot(page, 'step5-errors');

      // "XX" typed on the state picker chooses nothing; a ZIP no state has.
      await page.getByLabel('City').fill('Springfield');
      await page.getByLabel('State').focus();
      await page.keyboard.type('XX');
      await page.getByLabel('ZIP code').fill('99999');
      await next();
      await page.getByText('Choose your state.').waitFor();
      expect(await page.getByLabel('State').inputValue()).toBe('');
      await page.getByLabel('State').selectOption('TX');
      await next();
      await page.getByText('This ZIP code is not in Texas.').waitFor();

      // A ZIP of the state next door.
      await typeAddress(page, { line1: '1 Main St', city: 'Boston', state: 'RI', zip: '02108' });
      await next();
      await page.getByText('This ZIP code is not in Rhode Island.').waitFor();
      expect(await invalid('ZIP code')).toBe('true');
      expect(await page.getByLabel('ZIP code').inputValue()).toBe('02108');
      await shoot(page, 'step5-zip-error');
      await page.getByLabel('State').selectOption('MA');
      await expect.poll(() => page.getByText('This ZIP code is not in').count()).toBe(0);
      await next();
      await atStep(page, STEP6);
    } finally {
      await page.close();
    }
  });

  it('chooses a suggestion on Enter while they show: the first, or the highlighted one', async () => {
    const page = await onPhoneStep('address.enter@example.com');
    const line1 = () => page.getByLabel('Address line 1');
    try {
      await phone(page).fill('5551234567');
      await phone(page).press('Enter');
      await atStep(page, 'Address');

      await line1().pressSequentially('42 Elm St Boston', { delay: 30 });
      await page.getByRole('option', { name: /Boston, MA/ }).waitFor();
      await line1().press('Enter');
      await expect.poll(() => page.getByLabel('ZIP code').inputValue()).toBe('02108');
      expect(await heading(page).textContent()).toBe('Address');
      expect([await line1().inputValue(), await page.getByLabel('City').inputValue(), await page.getByLabel('State').inputValue()]).toEqual(
        ['42 Elm Street', 'Boston', 'MA'],
      );

      await line1().fill('');
      await line1().pressSequentially('42 Elm St Boston', { delay: 30 });
      await page.getByRole('option', { name: /Boston, GA/ }).waitFor();
      await line1().press('ArrowDown');
      await line1().press('ArrowDown');
      await line1().press('Enter');
      await expect.poll(() => page.getByLabel('ZIP code').inputValue()).toBe('31626');
      expect(await page.getByLabel('State').inputValue()).toBe('GA');
      await page.getByRole('button', { name: 'Next' }).click();
      await atStep(page, STEP6);
    } finally {
      await page.close();
    }
  });
});
