// The Google provider against recorded Places responses served by an injected fetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import autocompleteOk from '../../../../fixtures/google/autocomplete-ok.json';
import autocompleteZero from '../../../../fixtures/google/autocomplete-zero-results.json';
import requestDenied from '../../../../fixtures/google/autocomplete-request-denied.json';
import detailsOk from '../../../../fixtures/google/details-ok.json';
import { withEnv } from '../../../../../netlify/lib/env';
import { HttpError } from '../../../../../netlify/lib/http';
import { googleAutocomplete, googleDetails } from '../../../../../netlify/lib/places/google';
import googleplaces from '../../../../../netlify/functions/googleplaces';
import googleplacesdetails from '../../../../../netlify/functions/googleplacesdetails';

const KEY = 'AIzaSyTEST-secret-key-123';

/** A fetch that answers `body` and remembers the URLs it was asked for. */
function fakeFetch(body: unknown, status = 200) {
  const urls: URL[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(new URL(String(input)));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fn as unknown as typeof fetch, urls };
}

async function errorOf(p: Promise<unknown>): Promise<HttpError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('googleAutocomplete', () => {
  it('maps an OK answer to place_id, description and structured_formatting only', async () => {
    const { fetch, urls } = fakeFetch(autocompleteOk);
    const res = await googleAutocomplete('12 Elm St, Springf', { key: KEY, fetch }, 'tok-1');
    expect(res.status).toBe('OK');
    expect(res.predictions).toEqual([
      {
        place_id: autocompleteOk.predictions[0]!.place_id,
        description: '12 Elm Street, Springfield, IL, USA',
        structured_formatting: { main_text: '12 Elm Street', secondary_text: 'Springfield, IL, USA' },
      },
      {
        place_id: autocompleteOk.predictions[1]!.place_id,
        description: '12 Elm Street, Springfield, MA, USA',
        structured_formatting: { main_text: '12 Elm Street', secondary_text: 'Springfield, MA, USA' },
      },
    ]);
    const url = urls[0]!;
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      input: '12 Elm St, Springf',
      components: 'country:us',
      types: 'address',
      sessiontoken: 'tok-1',
      key: KEY,
    });
  });

  it('leaves sessiontoken out when the caller has none', async () => {
    const { fetch, urls } = fakeFetch(autocompleteZero);
    await googleAutocomplete('12 Elm', { key: KEY, fetch });
    expect(urls[0]!.searchParams.has('sessiontoken')).toBe(false);
  });

  it('passes ZERO_RESULTS through as an empty list', async () => {
    const { fetch } = fakeFetch(autocompleteZero);
    expect(await googleAutocomplete('zzzz qqqq', { key: KEY, fetch })).toEqual({ predictions: [], status: 'ZERO_RESULTS' });
  });

  it("turns REQUEST_DENIED into a 502 upstream_error carrying Google's message and not the key", async () => {
    const { fetch } = fakeFetch(requestDenied);
    const err = await errorOf(googleAutocomplete('12 Elm', { key: KEY, fetch }));
    expect(err).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(err.message).toContain('REQUEST_DENIED');
    expect(err.message).toContain('The provided API key is invalid.');
    expect(err.message).not.toContain(KEY);
  });

  it.each(['INVALID_REQUEST', 'OVER_QUERY_LIMIT', 'UNKNOWN_ERROR'])('turns %s into 502 upstream_error', async (status) => {
    const { fetch } = fakeFetch({ predictions: [], status, error_message: `Bad key ${KEY} used` });
    const err = await errorOf(googleAutocomplete('12 Elm', { key: KEY, fetch }));
    expect(err).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(err.message).toContain(status);
    expect(err.message).not.toContain(KEY);
  });

  it('reports HTTP failures, unreachable hosts and timeouts without the key', async () => {
    const http = await errorOf(googleAutocomplete('12 Elm', { key: KEY, fetch: fakeFetch({}, 500).fetch }));
    expect(http).toMatchObject({ status: 502, code: 'upstream_error' });
    const down = vi.fn(async () => {
      throw new TypeError(`fetch failed for https://maps.googleapis.com/?key=${KEY}`);
    }) as unknown as typeof fetch;
    const unreachable = await errorOf(googleAutocomplete('12 Elm', { key: KEY, fetch: down }));
    expect(unreachable).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(unreachable.message).not.toContain(KEY);
    const hang = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as unknown as typeof fetch;
    const slow = await errorOf(googleAutocomplete('12 Elm', { key: KEY, fetch: hang, timeoutMs: 20 }));
    expect(slow).toMatchObject({ status: 504, code: 'upstream_timeout' });
  });
});

describe('googleDetails', () => {
  it('maps an OK answer to address_components and formatted_address', async () => {
    const { fetch, urls } = fakeFetch(detailsOk);
    const res = await googleDetails('ChIJ-place', { key: KEY, fetch }, 'tok-1');
    expect(res).toEqual({ result: detailsOk.result, status: 'OK' });
    expect(urls[0]!.pathname).toBe('/maps/api/place/details/json');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      place_id: 'ChIJ-place',
      fields: 'address_component,formatted_address',
      sessiontoken: 'tok-1',
      key: KEY,
    });
  });

  it('answers 404 place_not_found for NOT_FOUND', async () => {
    const { fetch } = fakeFetch({ html_attributions: [], status: 'NOT_FOUND' });
    expect(await errorOf(googleDetails('ChIJ-gone', { key: KEY, fetch }))).toMatchObject({ status: 404, code: 'place_not_found' });
  });
});

describe('functions with GOOGLE_MAPS_API_KEY set', () => {
  afterEach(() => vi.unstubAllGlobals());
  const call = (fn: (req: Request) => Promise<Response>, query: string) =>
    withEnv({ GOOGLE_MAPS_API_KEY: KEY }, () => fn(new Request(`http://localhost/.netlify/functions/x?${query}`)));

  it("googleplaces answers Google's predictions and passes the session token through", async () => {
    const { fetch, urls } = fakeFetch(autocompleteOk);
    vi.stubGlobal('fetch', fetch);
    const res = await call(googleplaces, 'input=12+Elm+St&sessiontoken=abc-123');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect((await res.json()).predictions).toHaveLength(2);
    expect(urls[0]!.searchParams.get('sessiontoken')).toBe('abc-123');
  });

  it('googleplaces answers 502 {error, code} without the key when Google refuses', async () => {
    vi.stubGlobal('fetch', fakeFetch(requestDenied).fetch);
    const res = await call(googleplaces, 'input=12+Elm+St');
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'upstream_error' });
    expect(JSON.stringify(body)).not.toContain(KEY);
  });

  it("googleplacesdetails answers Google's result", async () => {
    vi.stubGlobal('fetch', fakeFetch(detailsOk).fetch);
    const res = await call(googleplacesdetails, 'place_id=ChIJ-place');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: detailsOk.result, status: 'OK' });
  });
});
