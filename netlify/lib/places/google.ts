// Google Places Autocomplete and Details, reduced to the shapes in contracts/places.
import type { PlaceDetailsResponse, PlacePrediction, PlacesAutocompleteResponse } from '../../../src/shared/contracts/places';
import { HttpError } from '../http';

const BASE = 'https://maps.googleapis.com/maps/api/place';
const DEFAULT_TIMEOUT_MS = 5000;

export interface GoogleConfig {
  key: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The caller's optional `sessiontoken` query parameter, which groups one typing session's calls for Google billing. */
export function readSessionToken(url: URL): string | undefined {
  const token = url.searchParams.get('sessiontoken') ?? '';
  if (!token) return undefined;
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(token))
    throw new HttpError(400, 'invalid_session_token', 'sessiontoken must be 1 to 128 letters, digits, "-" or "_".');
  return token;
}

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Calls one Places endpoint; transport failures and refusals become HttpErrors whose messages never carry the key. */
async function call(endpoint: string, params: Record<string, string | undefined>, cfg: GoogleConfig): Promise<Json> {
  const url = new URL(`${BASE}/${endpoint}/json`);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  url.searchParams.set('key', cfg.key);
  const redact = (s: string) => s.split(cfg.key).join('[redacted]');
  let body: unknown;
  try {
    const res = await (cfg.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw new HttpError(502, 'upstream_error', `Google Places answered HTTP ${res.status}.`);
    body = await res.json();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      throw new HttpError(504, 'upstream_timeout', 'Google Places did not answer in time. Please try again.');
    }
    if (err instanceof SyntaxError) throw new HttpError(502, 'upstream_error', 'Google Places answered something that is not JSON.');
    throw new HttpError(502, 'upstream_error', 'Google Places could not be reached. Please try again.');
  }
  if (!body || typeof body !== 'object') throw new HttpError(502, 'upstream_error', 'Google Places answered an unexpected shape.');
  const b = body as Json;
  const status = text(b.status);
  if (status === 'OK' || status === 'ZERO_RESULTS') return b;
  if (status === 'NOT_FOUND')
    throw new HttpError(404, 'place_not_found', 'Google Places does not know this place any more. Pick a suggestion again.');
  const detail = text(b.error_message) ? `: ${redact(text(b.error_message))}` : '.';
  throw new HttpError(502, 'upstream_error', `Google Places refused the request (${status || 'no status'})${detail}`);
}

/**
 * US street addresses starting with `input`.
 * @example await googleAutocomplete('12 Elm St', { key }, token) // {predictions: [{place_id, description, …}], status: 'OK'}
 */
export async function googleAutocomplete(input: string, cfg: GoogleConfig, sessiontoken?: string): Promise<PlacesAutocompleteResponse> {
  const b = await call('autocomplete', { input, components: 'country:us', types: 'address', sessiontoken }, cfg);
  const raw = Array.isArray(b.predictions) ? (b.predictions as Json[]) : [];
  const predictions = raw
    .filter((p) => p && text(p.place_id) && text(p.description))
    .map((p): PlacePrediction => {
      const sf = p.structured_formatting as Json | undefined;
      const base = { place_id: text(p.place_id), description: text(p.description) };
      return sf && typeof sf === 'object'
        ? { ...base, structured_formatting: { main_text: text(sf.main_text), secondary_text: text(sf.secondary_text) } }
        : base;
    });
  return { predictions, status: predictions.length ? 'OK' : 'ZERO_RESULTS' };
}

/** Address components and formatted address of one place; an unknown place is 404 place_not_found. */
export async function googleDetails(placeId: string, cfg: GoogleConfig, sessiontoken?: string): Promise<PlaceDetailsResponse> {
  const b = await call('details', { place_id: placeId, fields: 'address_component,formatted_address', sessiontoken }, cfg);
  const r = b.result as Json | undefined;
  if (b.status !== 'OK' || !r || typeof r !== 'object')
    throw new HttpError(404, 'place_not_found', 'Google Places does not know this place. Pick a suggestion again.');
  const components = Array.isArray(r.address_components) ? (r.address_components as Json[]) : [];
  const address_components = components
    .filter((c) => c && typeof c === 'object')
    .map((c) => ({
      long_name: text(c.long_name),
      short_name: text(c.short_name),
      types: Array.isArray(c.types) ? c.types.filter((t): t is string => typeof t === 'string') : [],
    }));
  return { result: { address_components, formatted_address: text(r.formatted_address) }, status: 'OK' };
}
