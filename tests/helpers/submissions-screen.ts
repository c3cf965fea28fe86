// The staff submissions screen (/submission) in Chromium, read and worked as staff do.
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESK } from './browser';
import { signInStaffThroughForm } from './fixtures';

/** The table's row whose first cell (Full Name) shows `name`. */
export const rowByName = (page: Page, name: string) =>
  page.locator('tr.subs-table__row', { has: page.locator('td:first-child', { hasText: name }) });

/** The search field, found by its placeholder as staff see it. */
export const searchBox = (page: Page) => page.getByPlaceholder('Search by name, email, or product');

/** The names in the rows on screen, top to bottom. */
export const shownNames = (page: Page) => page.locator('tr.subs-table__row td:first-child').allTextContents();

/** Puts `text` in the search field and waits until the rows shown are those of `names`, in that order. */
export async function searchShows(page: Page, text: string, names: string[]) {
  await searchBox(page).fill(text);
  await expect.poll(() => shownNames(page)).toEqual(names);
}

/** The row of `name`, brought on screen by searching for it (only rows near the screen are rendered). */
export async function findRow(page: Page, name: string) {
  await searchBox(page).fill(name);
  const row = rowByName(page, name);
  await row.waitFor();
  return row;
}

/** "N submissions", or "Showing N of M submissions" while a search is on. */
export const countText = (page: Page) => page.locator('.subs__meta span').first().textContent();

export const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit Submission' });

/** Opens `row`'s edit dialog, fills its fields by label with `values`, and saves; resolves once the dialog has closed. */
export async function saveEdit(row: Locator, values: Record<string, string>) {
  await row.click();
  const dialog = editDialog(row.page());
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The summary an import ends with, once it shows. */
export async function importSummary(page: Page, timeout?: number) {
  const summary = page.locator('.subs-summary:not(.subs-notice)');
  await summary.waitFor({ timeout });
  return summary.locator('span').textContent();
}

/** A desk-size page of `browser` signed in as staff through the form (service workers off, dialogs dismissed). */
export async function staffDeskPage(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext({ ...DESK, serviceWorkers: 'block' })).newPage();
  page.on('dialog', (d) => void d.dismiss());
  await signInStaffThroughForm(page, { from: `${url}/home` });
  return page;
}

/** /submission opened at `url`, and the edit dialog of `name`'s row. */
export async function openEditDialog(page: Page, url: string, name: string): Promise<Locator> {
  await page.goto(`${url}/submission`);
  await page.locator('tr.subs-table__row').first().waitFor();
  await (await findRow(page, name)).click();
  return editDialog(page);
}
