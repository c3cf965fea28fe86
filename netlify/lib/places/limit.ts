// Address suggestions spend the brand's Google key: each client address gets a share, counted in Appwrite.
import { env } from '../env';
import { ipOf, rateLimit } from '../rate-limit';

const WINDOW_MS = 10 * 60_000;
/** Lookups per address in ten minutes: a store's devices share one address, and each address typed takes ~20. */
const DEFAULT_MAX = 300;

/** Counts a lookup for the caller's address. Without an Appwrite backend there is nothing to count in (and no
 * deployment: every registration needs it), so the provider answers alone, as it does in its unit tests. */
export async function limitPlaces(context: unknown): Promise<void> {
  if (!env('APPWRITE_ENDPOINT')) return;
  const max = Number(env('PLACES_IP_LIMIT') ?? DEFAULT_MAX);
  return rateLimit({
    key: `places:${ipOf(context)}`,
    max: Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX,
    windowMs: WINDOW_MS,
    message: 'Too many address lookups from this network. Please type the address in full.',
  });
}
