// A counter's daily allowance of photos, and a staff member's (DESIGN.md "Bounded work"): the files and megabytes one
// customer account may upload in a day (DAILY_FILE_LIMIT, DAILY_UPLOAD_MB; with RATE_LIMITS on, as the embedded
// server applies them to customers), per counter or staff member and UTC day, counted in Appwrite (rate_limits) so every instance shares one count. A photo
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

/** Whose allowance a photo is charged to: the key of its counts, and how a refusal names them. */
type Uploader = { key: string; files: (n: number) => string; megabytes: (n: number) => string };

const COUNTER = (counterId: string): Uploader => ({
  key: `counter-%s:${counterId}`,
  files: (n) => `This counter device has reached its daily limit of ${n} photos. The rest will be sent tomorrow.`,
  megabytes: (n) => `This counter device has reached its daily limit of ${n} MB of photos. The rest will be sent tomorrow.`,
});

/** A staff member's allowance (uploadStaffPhoto), by their account id, with the customers' limits. */
const STAFF = (staffId: string): Uploader => ({
  key: `staff-%s:${staffId}`,
  files: (n) => `You have reached today's limit of ${n} photos. Please try again tomorrow.`,
  megabytes: (n) => `You have reached today's limit of ${n} MB of photos. Please try again tomorrow.`,
});

/** Today's limits of one uploader for a photo of `bytes`. */
function limitsFor(who: Uploader, bytes: number): Limit[] {
  const files = Math.floor(setting('DAILY_FILE_LIMIT', DEFAULT_FILES_PER_DAY));
  const megabytes = setting('DAILY_UPLOAD_MB', DEFAULT_UPLOAD_MB);
  return [
    { key: who.key.replace('%s', 'files'), max: files, windowMs: DAY_MS, message: who.files(files) },
    {
      key: who.key.replace('%s', 'kb'),
      max: Math.floor((megabytes * 1_000_000) / KB),
      weight: Math.max(1, Math.ceil(bytes / KB)),
      windowMs: DAY_MS,
      message: who.megabytes(megabytes),
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
export function chargeCounterPhoto(counterId: string, bytes: number, now = Date.now()): Promise<PhotoCharge> {
  return charge(COUNTER(counterId), bytes, now);
}

/** Charges a staff member's photo of a care visit, as a counter's (429 past the day's allowance). */
export function chargeStaffPhoto(staffId: string, bytes: number, now = Date.now()): Promise<PhotoCharge> {
  return charge(STAFF(staffId), bytes, now);
}

async function charge(who: Uploader, bytes: number, now: number): Promise<PhotoCharge> {
  if (!rateLimitsOn()) return NOTHING;
  const charged: Limit[] = [];
  for (const limit of limitsFor(who, bytes)) {
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
