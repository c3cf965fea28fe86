// What tests and benchmarks are made of: the app's runtime configuration, registrations and submissions with valid
// SPEC.md fields, real JPEG files (the server checks every upload's whole structure), the staff account, and a staff
// sign-in through the form.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import type { RegistrationFields } from '../../src/db/types';
import type { RuntimeConfig } from '../../src/lib/runtime-config';
import type { Submission } from '../../src/shared/contracts/submission';

/** The staff account a test server is started with (`staffEmail`, `staffPassword`). */
export const STAFF = { email: 'manager@maison.example', password: 'correct horse battery staple' };

/** A valid runtime configuration (what /app-config.json holds) for a server on this machine; `over` replaces any field. */
export const runtimeConfig = (over: Partial<RuntimeConfig> = {}): RuntimeConfig => ({
  appwriteEndpoint: 'http://localhost:8888/v1',
  appwriteProjectId: 'warranty',
  databaseId: 'warranty',
  collectionId: 'submissions',
  bucketId: 'images',
  supabaseUrl: 'http://localhost:8888',
  supabaseAnonKey: 'sb_publishable_x',
  brand: { productName: 'Warranty Registration', accent: '#9a7b4f', careTipsUrl: 'https://example.com/care' },
  counter: { thanksSeconds: 20, idleSeconds: 90, warningSeconds: 30 },
  ...over,
});

/** A registration's fields as SPEC.md names them, every one valid; `over` replaces any of them. */
export const registrationFields = (over: Partial<RegistrationFields> = {}): RegistrationFields => ({
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 5551234567',
  address: '12 Elm St, Apt 4, Springfield, IL, 62701, United States',
  product_sku: 'Aurora Pendant',
  selected_product: '',
  ...over,
});

/** The submission document a customer's device creates: the fields, its photos' ids and when it was sent. */
export const registration = <O extends Record<string, unknown> = Record<never, never>>(over: O = {} as O) => ({
  ...registrationFields(),
  image_file_id: '',
  submitted_at: new Date().toISOString(),
  ...over,
});

/** A stored submission as the staff functions list it and the staff cache keeps it. */
export const submission = (over: Partial<Submission> = {}): Submission => ({
  $id: 'sub1',
  $createdAt: '2026-01-01T00:00:00.000+00:00',
  $updatedAt: '2026-01-01T00:00:00.000+00:00',
  submitted_at: '2026-01-01T00:00:00.000Z',
  ...registrationFields(),
  image_file_id: '',
  ...over,
});

/** A deterministic PRNG (mulberry32), so a run that failed can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type JpegOptions = {
  width?: number;
  height?: number;
  quality?: number;
  /**
   * What the picture shows:
   * - `noise` (the default): random pixels; noise compresses badly, so the size grows with the area and the quality.
   * - `grain`: smooth colour bands with noise, about half the bytes of `noise`, every photo different.
   * - `ring`: a drawn ring on a plain ground, as a phone photo of a piece of jewelry (compresses well once downscaled).
   * - `camera`: a lit gradient with grain and a coarser texture that survives downscaling, as a 12 MP phone photo.
   */
  look?: 'noise' | 'grain' | 'ring' | 'camera';
  /** Where `noise` and `grain` come from: a seeded `prng` makes the same bytes again. */
  random?: () => number;
  /** `noise` of about this many bytes, square: one trial encode gives the bytes per pixel at this quality. */
  bytes?: number;
  /** `ring`: the colour of the band. */
  metal?: string;
  /** `ring`: the colour of the ground. */
  ground?: string;
};

const encode = (raw: Buffer | Uint8Array, width: number, height: number, quality: number) =>
  sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

const clamp = (v: number) => Math.max(0, Math.min(255, v));

function noise(width: number, height: number, random?: () => number): Buffer {
  if (!random) return randomBytes(width * height * 3);
  return Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(random() * 256)));
}

function grain(width: number, height: number, random: () => number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  const [r, g, b] = [random() * 255, random() * 255, random() * 255];
  for (let i = 0, p = 0; p < width * height; p++, i += 3) {
    const n = (random() - 0.5) * 90;
    raw[i] = clamp(r + ((p % width) / width) * 60 + n);
    raw[i + 1] = clamp(g + n);
    raw[i + 2] = clamp(b + (p / width / height) * 60 + n);
  }
  return raw;
}

async function camera(width: number, height: number): Promise<Uint8Array> {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  const coarse = Buffer.alloc((width / 4) * (height / 4), 0).map(() => random() * 255);
  const texture = await sharp(coarse, { raw: { width: width / 4, height: height / 4, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const rgb = new Uint8ClampedArray(width * height * 3);
  for (let y = 0, i = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3, p++) {
      const spot = (random() - 0.5) * 20 + (texture[p]! / 255 - 0.5) * 60;
      const d = Math.hypot(x - width / 2, y - height / 2) / 2500;
      rgb[i] = 230 - d * 120 + (x / width) * 20 + spot;
      rgb[i + 1] = 205 - d * 110 + Math.sin(y / 90) * 12 + spot;
      rgb[i + 2] = 170 - d * 100 + (y / height) * 30 + spot;
    }
  }
  return new Uint8Array(rgb.buffer);
}

function ring(width: number, height: number, quality: number, metal: string, ground: string) {
  const r = Math.min(width, height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${ground}"/>
    <circle cx="50%" cy="52%" r="${r / 4}" fill="none" stroke="${metal}" stroke-width="${r / 14}"/>
    <circle cx="50%" cy="${height / 2 - r / 4}" r="${r / 16}" fill="#eef6ff" stroke="${metal}" stroke-width="${r / 70}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
}

/** A real JPEG file (see `JpegOptions`), 48x32 noise unless told otherwise. */
export async function makeJpeg(opts: JpegOptions = {}): Promise<Buffer<ArrayBuffer>> {
  const { look = 'noise', quality = 70, random } = opts;
  let { width = 48, height = 32 } = opts;
  if (look === 'noise' && opts.bytes) {
    const trial = await encode(noise(256, 256, random), 256, 256, quality);
    width = height = Math.round(Math.sqrt(opts.bytes / (trial.length / 256 ** 2)));
  }
  switch (look) {
    case 'noise':
      return encode(noise(width, height, random), width, height, quality);
    case 'grain':
      return encode(grain(width, height, random ?? Math.random), width, height, quality);
    case 'camera':
      return encode(await camera(width, height), width, height, quality);
    case 'ring':
      return ring(width, height, quality, opts.metal ?? '#c9a24a', opts.ground ?? '#efe6d6');
  }
}

/**
 * Signs staff in with the sign-in form, as a person does (STAFF unless `as` names another account). With `from`, opens
 * that staff screen first, is sent to the sign-in, and waits to be back on it; without, fills the form already on the
 * page and presses Sign in, leaving the outcome to the caller.
 */
export async function signInStaffThroughForm(
  page: Page,
  opts: { as?: { email: string; password: string }; from?: string } = {},
): Promise<void> {
  const who = opts.as ?? STAFF;
  if (opts.from) {
    await page.goto(opts.from);
    await page.waitForURL(/\/login\/staff/);
  }
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (opts.from) await page.waitForURL(opts.from);
}
