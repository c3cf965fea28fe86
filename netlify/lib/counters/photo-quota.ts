// A counter's daily allowance of photos (DESIGN.md "Bounded work"): the files and megabytes one customer account may
// upload in a day (DAILY_FILE_LIMIT, DAILY_UPLOAD_MB; with RATE_LIMITS on, as the embedded server applies them to
// customers), per counter and UTC day, counted in Appwrite (rate_limits) so every instance shares one count. A photo
// is charged before it is stored and refunded when nothing new was stored (a repeat of a stored id, a refusal, a
// failure), so a device's retries never use the allowance up.
import { env } from '../env';
import { HttpError } from '../http';
import { rateLimit, rateLimitsOn, refundHit, type Limit } from '../rate-limit';

const DAY_MS = 86_400_000;
/** The embedded server's defaults for customers (server/config.ts). */
const DEFAULT_FILES_PER_DAY = 100;
const DEFAULT_UPLOAD_MB = 1000;
/** Bytes are counted in kilobytes (rounded up): a day's allowance stays within the counter attribute's range. */
const KB = 1000;

function setting(name: string, fallback: number): number {
  const value = Number(env(name) ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Today's limits of one counter for a photo of `bytes`. */
function limitsFor(counterId: string, bytes: number): Limit[] {
  const files = Math.floor(setting('DAILY_FILE_LIMIT', DEFAULT_FILES_PER_DAY));
  const megabytes = setting('DAILY_UPLOAD_MB', DEFAULT_UPLOAD_MB);
  return [
    {
      key: `counter-files:${counterId}`,
      max: files,
      windowMs: DAY_MS,
      message: `This counter device has reached its daily limit of ${files} photos. The rest will be sent tomorrow.`,
    },
    {
      key: `counter-kb:${counterId}`,
      max: Math.floor((megabytes * 1_000_000) / KB),
      weight: Math.max(1, Math.ceil(bytes / KB)),
      windowMs: DAY_MS,
      message: `This counter device has reached its daily limit of ${megabytes} MB of photos. The rest will be sent tomorrow.`,
    },
  ];
}

const refundAll = (charged: Limit[], now: number) =>
  Promise.all(charged.map((limit) => refundHit(limit, now).catch(() => undefined))).then(() => undefined);

/** A charged photo: `refund` takes the charge back when nothing new was stored (a repeat, a refusal, a failure). */
export type PhotoCharge = { refund(): Promise<void> };

const NOTHING: PhotoCharge = { refund: async () => undefined };

/**
 * Charges a counter's photo of `bytes` against today's allowance, before it is stored. Past the allowance every photo
 * is refused alike, a repeat of a stored id too: the answer never tells which ids exist.
 * @throws HttpError 429 (with Retry-After: the next UTC day) when the photo would pass the allowance.
 */
export async function chargeCounterPhoto(counterId: string, bytes: number, now = Date.now()): Promise<PhotoCharge> {
  if (!rateLimitsOn()) return NOTHING;
  const charged: Limit[] = [];
  for (const limit of limitsFor(counterId, bytes)) {
    try {
      await rateLimit(limit, now);
    } catch (err) {
      // A refused photo was counted, and uses nothing: a smaller one may still fit today.
      const refused = err instanceof HttpError && err.status === 429;
      await refundAll(refused ? [...charged, limit] : charged, now);
      if (err instanceof HttpError) throw err;
      throw new HttpError(502, 'upstream_error', 'The photo could not be stored right now. Please try again.');
    }
    charged.push(limit);
  }
  return { refund: () => refundAll(charged, now) };
}
