// The deployment's settings, read at start from /app-config.json (one build serves
// any deployment). Checked once; a broken file is a clear error, not a half-working app.
import { readCounterTimings, type CounterTimings } from '@/shared/counter-timings';

export type RuntimeConfig = {
  appwriteEndpoint: string;
  appwriteProjectId: string;
  databaseId: string;
  collectionId: string;
  bucketId: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  brand: { productName: string; accent: string; careTipsUrl: string };
  /** How a counter device paces customers (defaults when the file has none). */
  counter: CounterTimings;
};

export const CONFIG_STORAGE_KEY = 'app-config';

const isUrl = (v: unknown) => {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};
const isText = (v: unknown) => typeof v === 'string' && v.length > 0;

/** The configuration if `json` is a valid one; otherwise an error naming the first bad field. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const c = (json ?? {}) as Record<string, unknown>;
  const brand = (c.brand ?? {}) as Record<string, unknown>;
  const checks: [string, boolean][] = [
    ['appwriteEndpoint', isUrl(c.appwriteEndpoint)],
    ['appwriteProjectId', isText(c.appwriteProjectId)],
    ['databaseId', isText(c.databaseId)],
    ['collectionId', isText(c.collectionId)],
    ['bucketId', isText(c.bucketId)],
    ['supabaseUrl', isUrl(c.supabaseUrl)],
    ['supabaseAnonKey', isText(c.supabaseAnonKey)],
    ['brand.productName', isText(brand.productName)],
    ['brand.accent', typeof brand.accent === 'string' && /^#[0-9a-fA-F]{6}$/.test(brand.accent)],
    ['brand.careTipsUrl', isUrl(brand.careTipsUrl)],
  ];
  const bad = checks.find(([, ok]) => !ok);
  if (bad) throw new Error(`app-config.json: "${bad[0]}" is missing or invalid`);
  return { ...(c as unknown as RuntimeConfig), counter: readCounterTimings(c.counter) };
}

/** Fetches the configuration; offline, the copy saved on the last successful start is used. */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl('/app-config.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`app-config.json answered ${res.status}`);
    const config = parseRuntimeConfig(await res.json());
    storage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
    return config;
  } catch (err) {
    const saved = storage.getItem(CONFIG_STORAGE_KEY);
    if (saved) {
      try {
        return parseRuntimeConfig(JSON.parse(saved));
      } catch {
        /* the saved copy is unusable too */
      }
    }
    throw err;
  }
}
