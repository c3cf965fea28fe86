// The googleplaces functions without a Google key, answered by the offline US provider.
import { describe, expect, it } from 'vitest';
import { placeDetailsResponseSchema, placesAutocompleteResponseSchema } from '@/shared/contracts/places';
import { withEnv } from '../../../../netlify/lib/env';
import googleplaces from '../../../../netlify/functions/googleplaces';
import googleplacesdetails from '../../../../netlify/functions/googleplacesdetails';

const BASE = 'http://localhost/.netlify/functions';
const send = (fn: (req: Request) => Promise<Response>, path: string, init?: RequestInit) =>
  withEnv({}, () => fn(new Request(`${BASE}/${path}`, init)));

async function suggest(input: string) {
  const res = await send(googleplaces, `googleplaces?input=${encodeURIComponent(input)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  return placesAutocompleteResponseSchema.parse(await res.json());
}

async function details(placeId: string) {
  const res = await send(googleplacesdetails, `googleplacesdetails?place_id=${encodeURIComponent(placeId)}`);
  expect(res.status).toBe(200);
  return placeDetailsResponseSchema.parse(await res.json());
}

describe('googleplaces offline', () => {
  it.each([
    ['62701', 'Springfield, IL 62701, USA'],
    ['90210', 'Beverly Hills, CA 90210, USA'],
    ['Elm St 90210', 'Elm St, Beverly Hills, CA 90210, USA'],
    ['12 Elm Street Springfield IL', '12 Elm St, Springfield, IL 62701, USA'],
    ['12 elm street, springfield, il 62701', '12 Elm St, Springfield, IL 62701, USA'],
    ['12 Elm St, Springf', '12 Elm St, Springfield, IL 62701, USA'],
    ['1 Main St, Bosto', '1 Main St, Boston, MA 02108, USA'],
    ['10 Ocean Drive, Miami Beach, Florida', '10 Ocean Dr, Miami Beach, FL 33109, USA'],
    ['5 Market St, St Lou', '5 Market St, Saint Louis, MO 63101, USA'],
  ])('%s → first suggestion %s', async (input, first) => {
    const { predictions, status } = await suggest(input);
    expect(status).toBe('OK');
    expect(predictions[0]!.description).toBe(first);
    expect(predictions.length).toBeLessThanOrEqual(5);
  });

  it('lists only Boston for "1 Main St, Bosto", biggest first, with structured text', async () => {
    const { predictions } = await suggest('1 Main St, Bosto');
    expect(predictions.map((p) => p.description.split(', ')[1])).toEqual(Array(predictions.length).fill('Boston'));
    expect(predictions[0]!.structured_formatting).toEqual({ main_text: '1 Main St', secondary_text: 'Boston, MA 02108, USA' });
  });

  it('offers several states for a bare city prefix, distinct and complete', async () => {
    const { predictions } = await suggest('12 Elm St, Springf');
    expect(predictions).toHaveLength(5);
    expect(new Set(predictions.map((p) => p.place_id)).size).toBe(5);
    for (const p of predictions) expect(p.description).toMatch(/^12 Elm St, Springfield, [A-Z]{2} \d{5}, USA$/);
  });

  it.each(['', ' ', 'a', ' b  ', 'zzzzzz', '12 Elm St', '99999'])('%j → no predictions', async (input) => {
    expect(await suggest(input)).toEqual({ predictions: [], status: 'ZERO_RESULTS' });
  });
});

describe('googleplacesdetails offline', () => {
  /** An address component's names as Google gives them: the short one is the long one unless it is abbreviated. */
  const named = (long_name: string, short_name = long_name) => ({ long_name, short_name });

  it('round-trips a suggestion into Google-shaped address components', async () => {
    const [first] = (await suggest('12 Elm Street Springfield IL')).predictions;
    const { result, status } = await details(first!.place_id);
    expect(status).toBe('OK');
    expect(result.formatted_address).toBe('12 Elm St, Springfield, IL 62701, USA');
    const byType = Object.fromEntries(result.address_components.map((c) => [c.types[0], c]));
    expect(byType).toMatchObject({
      street_number: named('12'),
      route: named('Elm Street', 'Elm St'),
      locality: named('Springfield'),
      administrative_area_level_1: named('Illinois', 'IL'),
      postal_code: named('62701'),
      country: named('United States', 'US'),
    });
  });

  it('gives a ZIP-only suggestion no street components', async () => {
    const [first] = (await suggest('90210')).predictions;
    const { result } = await details(first!.place_id);
    expect(result.address_components.map((c) => c.types[0])).toEqual(['locality', 'administrative_area_level_1', 'country', 'postal_code']);
    expect(result.formatted_address).toBe('Beverly Hills, CA 90210, USA');
  });
});

const b64 = (v: unknown) => `us:${Buffer.from(JSON.stringify(v)).toString('base64url')}`;
describe('bad requests', () => {
  it.each([
    ['googleplaces', `googleplaces?input=${'a'.repeat(201)}`, undefined, 400, 'input_too_long'],
    ['googleplaces', 'googleplaces?input=12+Elm&sessiontoken=%3Cbad%3E', undefined, 400, 'invalid_session_token'],
    ['googleplaces', 'googleplaces?input=12+Elm', { method: 'POST' }, 405, 'method_not_allowed'],
    ['details', 'googleplacesdetails', undefined, 400, 'missing_place_id'],
    ['details', 'googleplacesdetails?place_id=', undefined, 400, 'missing_place_id'],
    ['details', 'googleplacesdetails?place_id=ChIJ-google-id', undefined, 400, 'invalid_place_id'],
    ['details', 'googleplacesdetails?place_id=us:!!!', undefined, 400, 'invalid_place_id'],
    ['details', 'googleplacesdetails?place_id=us:bm90IGpzb24', undefined, 400, 'invalid_place_id'],
    [
      'details',
      `googleplacesdetails?place_id=${b64({ n: '1', street: 'Elm St', city: 'Springfield', state: 'IL', zip: '90210' })}`,
      undefined,
      400,
      'invalid_place_id',
    ],
    [
      'details',
      `googleplacesdetails?place_id=${b64({ n: '1', street: 'Elm St', city: 'Toronto', state: 'ON', zip: 'M5V' })}`,
      undefined,
      400,
      'invalid_place_id',
    ],
    ['details', `googleplacesdetails?place_id=${b64(['not', 'an', 'address'])}`, undefined, 400, 'invalid_place_id'],
    ['details', 'googleplacesdetails?place_id=x', { method: 'DELETE' }, 405, 'method_not_allowed'],
  ] as const)('%s %s (%o) → %i %s', async (name, path, init, status, code) => {
    const res = await send(name === 'details' ? googleplacesdetails : googleplaces, path, init);
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body).toMatchObject({ code, error: expect.any(String) });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
