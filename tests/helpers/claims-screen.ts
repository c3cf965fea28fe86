// The staff's claims screens (/claims, /claims/{id}) in Chromium, read as staff read them.
import type { Page } from 'playwright-core';

/** The claim numbers of the table's rows on screen, top to bottom. */
export const shownNumbers = (page: Page) => page.locator('tr.claims-table__row td:first-child').allTextContents();

/** The statuses of the table's rows on screen, top to bottom. */
export const shownStatuses = (page: Page) => page.locator('tr.claims-table__row .claim-status').allTextContents();

/** The step buttons the claim page offers, in order. */
export const stepButtons = (page: Page) => page.locator('.claim-actions button').allTextContents();

/** The claim's status as its page shows it. */
export const claimStatus = (page: Page) => page.locator('.claim__head .claim-status').textContent();

/** The timeline's steps as text, oldest first. */
export const timeline = (page: Page) => page.locator('.claim-timeline__step').allInnerTexts();

/** The dialog of a step, by its title ("Ask for information: Claim C-…"). */
export const stepDialog = (page: Page, title: string) => page.getByRole('dialog', { name: new RegExp(`^${title}: Claim `) });
