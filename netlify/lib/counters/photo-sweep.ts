// The hourly sweep of counter photos that no registration joined (DESIGN.md "Bounded work"). A counter's photo is
// stored with no permissions at all, and the registration that joins it gives it one (read("label:server"), and the
// customer's read once confirmed); a customer's own upload always carries its owner's. So a file with empty
// $permissions older than UPLOAD_TTL_HOURS (default 24) is a photo nobody joined, and is deleted. Any other file the
// server stores must carry a permission for the same reason; a staff member's photo of a care visit carries the
// server's mark and its uploader's label until a visit joins it, and is deleted alike when none did.
//
// Bounded work: a run looks only at files created in the WINDOW_MS before the cut-off, oldest first, at most MAX_PAGES
// pages of them and for at most BUDGET_MS (a scheduled function's life is short), however large the bucket grows.
// Run hourly, the window moves an hour at a time, so each file reaches the looked-at front of the window before it
// leaves, as long as fewer than MAX_PAGES pages of photos arrive in an hour.
// Both ways of running call it beside the mail sweep (netlify/functions/sendReminders.ts, server/sweeps.ts); `now` is
// its clock, so a test can move it.
import { AppwriteException, Query, type Models } from 'node-appwrite';
import { adminClient } from '../appwrite';
import { isUnjoinedStaffUpload } from '../care/staff-photos';
import { env } from '../env';

export type PhotoSweepReport = { checked: number; deleted: number; failed: number };

const HOUR_MS = 3_600_000;
const DEFAULT_TTL_HOURS = 24;
/** Two days of hourly runs: a sweep stopped for a day still finds what it missed. */
const WINDOW_MS = 48 * HOUR_MS;
const PAGE = 100;
const MAX_PAGES = 20;
const BUDGET_MS = 15_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** How long a counter's photo may wait for its registration (UPLOAD_TTL_HOURS, as the embedded server's uploads). */
export function uploadTtlMs(): number {
  const hours = Number(env('UPLOAD_TTL_HOURS') ?? DEFAULT_TTL_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_TTL_HOURS) * HOUR_MS;
}

/**
 * Stored whole, with no permission (a counter's photo that no registration has joined) or with a staff upload's
 * (a photo of a care visit that no visit has joined, ../care/staff-photos.ts).
 */
const isUnjoined = (file: Models.File) =>
  (file.$permissions.length === 0 || isUnjoinedStaffUpload(file.$permissions)) && file.chunksUploaded === file.chunksTotal;

/** Deletes the unjoined counter photos older than UPLOAD_TTL_HOURS at `now`. Never throws for one file. */
export async function sweepUnjoinedPhotos(now: number = Date.now()): Promise<PhotoSweepReport> {
  const { storage, settings } = adminClient();
  const cutoff = now - uploadTtlMs();
  const window = [Query.greaterThanEqual('$createdAt', iso(cutoff - WINDOW_MS)), Query.lessThan('$createdAt', iso(cutoff))];
  const report: PhotoSweepReport = { checked: 0, deleted: 0, failed: 0 };
  const deadline = Date.now() + BUDGET_MS; // the real clock: `now` may be moved
  // The cursor is the page's last file still in the bucket: a deleted one cannot be a cursor, and leaves the list.
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { files } = await storage.listFiles({
      bucketId: settings.bucketId,
      queries: [...window, Query.orderAsc('$createdAt'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      total: false,
    });
    for (const file of files) {
      if (Date.now() > deadline) return report;
      report.checked++;
      if (!isUnjoined(file)) {
        cursor = file.$id;
        continue;
      }
      try {
        await storage.deleteFile({ bucketId: settings.bucketId, fileId: file.$id });
        report.deleted++;
      } catch (err) {
        if (err instanceof AppwriteException && err.code === 404) continue; // deleted meanwhile
        report.failed++;
        cursor = file.$id;
        console.error(`[photos] an unjoined photo could not be deleted (${file.$id}):`, err instanceof Error ? err.message : err);
      }
    }
    if (files.length < PAGE) break;
  }
  return report;
}
