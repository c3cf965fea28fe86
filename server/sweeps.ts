// The hourly sweeps: the store's own leftovers, and the functions' mail and photo sweeps as Netlify schedules them.
import { withEnv } from '../netlify/lib/env';
import { runMailSweep } from '../netlify/lib/mail/sweep';
import { sweepUnjoinedPhotos } from '../netlify/lib/counters/photo-sweep';
import { lowercaseAddressesOnce } from '../netlify/lib/registrations/address-case';
import { migrateProductFieldsOnce } from '../netlify/lib/registrations/product-fields';
import type { AppwriteBackend } from './appwrite/backend';
import { sweepUploads } from './appwrite/storage';
import type { ServerConfig } from './config';
import type { FunctionsEnv } from './functions-env';
import { sweepLimits } from './net/rate-limit';

const HOUR_MS = 3_600_000;

/** Unfinished uploads, ended rate-limit windows and expired sessions go at start and every hour. */
export async function startStoreSweeps(be: AppwriteBackend): Promise<{ stop(): void }> {
  const sweep = () => {
    sweepLimits(be.db);
    be.db.prepare('DELETE FROM sessions WHERE expire_ms <= ?').run(Date.now());
    return sweepUploads(be).catch((err: unknown) => console.error('[storage] sweeping unfinished uploads failed:', err));
  };
  await sweep();
  const sweeper = setInterval(sweep, HOUR_MS);
  sweeper.unref();
  return { stop: () => clearInterval(sweeper) };
}

/**
 * The mail sweep (e-mails to retry, reminders before coverage ends, care reminders) and then the sweep of counter photos
 * nobody joined, as Netlify's scheduled function sendReminders runs them: soon after the start (so a restart after a
 * long stop catches up soon), then every hour. `settled` is the sweep under way, if any.
 */
export function startMailSweeps(config: ServerConfig, functionsEnv: FunctionsEnv): { stop(): void; settled(): Promise<unknown> } {
  const startedAt = Date.now();
  let mailSweep: Promise<unknown> = Promise.resolve();
  let productsMigrated = false;
  let addressesLowered = false;
  const sweepMail = () => {
    mailSweep = mailSweep
      // First, once per data set (its marker is stored): registrations stored before product SKUs were kept get them.
      .then(() => productsMigrated || withEnv(functionsEnv(), () => migrateProductFieldsOnce()).then(() => (productsMigrated = true)))
      .catch((err: unknown) => {
        if (!config.quiet) console.error('[registrations] migrating product fields failed:', err instanceof Error ? err.message : err);
      })
      // Then, once per data set, addresses stored with capitals are put in lower case, so /warranties finds them.
      .then(() => addressesLowered || withEnv(functionsEnv(), () => lowercaseAddressesOnce()).then(() => (addressesLowered = true)))
      .catch((err: unknown) => {
        if (!config.quiet) console.error('[registrations] lowering addresses failed:', err instanceof Error ? err.message : err);
      })
      // A send this server's functions claimed before it started died with the previous process: taken up at once.
      .then(() => withEnv(functionsEnv(), () => runMailSweep(Date.now(), startedAt)))
      .catch((err: unknown) => {
        if (!config.quiet) console.error('[mail] the mail sweep failed:', err instanceof Error ? err.message : err);
      })
      .then(() => withEnv(functionsEnv(), () => sweepUnjoinedPhotos(Date.now())))
      .catch((err: unknown) => {
        if (!config.quiet) console.error('[photos] the photo sweep failed:', err instanceof Error ? err.message : err);
      });
  };
  const firstMailSweep = setTimeout(sweepMail, 3_000);
  firstMailSweep.unref();
  const mailSweeper = setInterval(sweepMail, HOUR_MS);
  mailSweeper.unref();
  return {
    stop() {
      clearTimeout(firstMailSweep);
      clearInterval(mailSweeper);
    },
    settled: () => mailSweep,
  };
}
