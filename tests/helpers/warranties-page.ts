// /warranties as a customer opens it: the e-mail, then the code the dev mailbox received; a card's certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { inContext, PHONE } from './browser';
import { codeFor, latestCode, type TestServer } from './server';

/** Signs in on /warranties (already open) with the code sent to `email`; resolves once Verify OTP is pressed. */
export async function signInToWarranties(page: Page, server: TestServer, email: string) {
  await page.getByRole('heading', { level: 1, name: 'Your warranties' }).waitFor();
  const before = await latestCode(server.url, email).catch(() => undefined);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Enter OTP').fill(await codeFor(server, email, before));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
}

/**
 * /warranties of `server` at phone size in a new context of `browser`, signed in as `email`, once its first card shows:
 * `use` runs on it, and the context is closed however `use` ends.
 */
export const onWarranties = <T>(browser: Browser, server: TestServer, email: string, use: (page: Page) => Promise<T>): Promise<T> =>
  inContext(browser, PHONE, async (page) => {
    await page.goto(`${server.url}/warranties`);
    await signInToWarranties(page, server, email);
    await page.getByRole('article').first().waitFor({ timeout: 10_000 });
    return use(page);
  });

/** Presses "Download certificate" on `card`: the file's name and the text of the PDF it is (read by pdftotext). */
export async function downloadCertificate(page: Page, card: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download certificate' }).click()]);
  const file = join(mkdtempSync(join(tmpdir(), 'warranty-certificate-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  return { name: download.suggestedFilename(), text };
}
