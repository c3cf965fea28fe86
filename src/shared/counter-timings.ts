// How a counter device paces customers: the thank-you screen's time before the start page comes back, the idle time
// before "Are you still there?", and the warning's time before the wizard resets. From app-config.json (env of the
// same names on the server and in the Netlify build).
export type CounterTimings = { thanksSeconds: number; idleSeconds: number; warningSeconds: number };

export const COUNTER_TIMING_SETTINGS = {
  thanksSeconds: ['COUNTER_THANKS_SECONDS', 20],
  idleSeconds: ['COUNTER_IDLE_SECONDS', 90],
  warningSeconds: ['COUNTER_WARNING_SECONDS', 30],
} as const satisfies Record<keyof CounterTimings, readonly [string, number]>;

const MAX_SECONDS = 24 * 60 * 60;
const isSeconds = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_SECONDS;

/** The timings from the environment; a setting that is not a whole number of seconds (1 to 86400) is an error naming it. */
export function counterTimingsFromEnv(env: Record<string, string | undefined>): CounterTimings {
  const out = {} as CounterTimings;
  for (const [key, [name, fallback]] of Object.entries(COUNTER_TIMING_SETTINGS) as [keyof CounterTimings, readonly [string, number]][]) {
    const raw = env[name];
    const n = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!isSeconds(n)) throw new Error(`${name} must be a whole number of seconds from 1 to ${MAX_SECONDS}.`);
    out[key] = n;
  }
  return out;
}

/** The timings as app-config.json gives them; missing or unusable values take the defaults (an older saved config). */
export function readCounterTimings(raw: unknown): CounterTimings {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const out = {} as CounterTimings;
  for (const [key, [, fallback]] of Object.entries(COUNTER_TIMING_SETTINGS) as [keyof CounterTimings, readonly [string, number]][]) {
    out[key] = isSeconds(v[key]) ? v[key] : fallback;
  }
  return out;
}
