// When the page sends kept reports and replies: the registrations' triggers (triggers.ts) on the claims' queue, for
// the /warranties page.
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import type { AppDb } from '@/db/schema';
import { flushClaims, type ClaimBackend, type ClaimFlushReport } from './claim-outbox';
import { CLAIMS_FLUSH_REQUEST } from './flush-request';
import { startFlushTriggers } from './triggers';

/** Starts sending on the page's events; `onReport` hears each run. Returns stop. */
export function startClaimTriggers(db: AppDb, backend: ClaimBackend, onReport: (r: ClaimFlushReport) => void): () => void {
  return startFlushTriggers(
    {
      run: (now) => flushClaims(db, backend, { ignoreBackoff: now }),
      soonestAttemptAt: () => claimOutboxRepository(db).soonestAttemptAt(),
      request: CLAIMS_FLUSH_REQUEST,
      quietWhenEmpty: true,
    },
    { onReport },
  );
}
