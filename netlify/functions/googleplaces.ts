// GET googleplaces?input=: US address suggestions, from Google with a key, offline without one.
import { PLACES_MAX_INPUT, PLACES_MIN_INPUT, type PlacesAutocompleteResponse } from '../../src/shared/contracts/places';
import { env } from '../lib/env';
import { defineFunction } from '../lib/define';
import { HttpError, json } from '../lib/http';
import { googleAutocomplete, readSessionToken } from '../lib/places/google';
import { limitPlaces } from '../lib/places/limit';

export default defineFunction('googleplaces', async ({ req, context }) => {
  await limitPlaces(context);
  const url = new URL(req.url);
  const input = (url.searchParams.get('input') ?? '').trim();
  if (input.length > PLACES_MAX_INPUT) throw new HttpError(400, 'input_too_long', `input must be at most ${PLACES_MAX_INPUT} characters.`);
  const sessiontoken = readSessionToken(url);
  const key = env('GOOGLE_MAPS_API_KEY');
  const body: PlacesAutocompleteResponse =
    input.length < PLACES_MIN_INPUT
      ? { predictions: [], status: 'ZERO_RESULTS' }
      : key
        ? await googleAutocomplete(input, { key }, sessiontoken)
        : (await import('../lib/places/offline-us')).offlineAutocomplete(input);
  return json(body, 200, { 'Cache-Control': 'private, max-age=300' });
});
