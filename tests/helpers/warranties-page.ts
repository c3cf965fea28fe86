// /warranties as a customer opens it: the e-mail, then the code the dev mailbox received.
import type { Page } from 'playwright-core';
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
