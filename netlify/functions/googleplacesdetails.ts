// GET googleplacesdetails?place_id=: the address components of a suggestion, from Google or offline.
import { env } from '../lib/env';
import { defineFunction } from '../lib/define';
import { HttpError, json } from '../lib/http';
import { googleDetails, readSessionToken } from '../lib/places/google';
import { limitPlaces } from '../lib/places/limit';

export default defineFunction('googleplacesdetails', async ({ req, context }) => {
  await limitPlaces(context);
  const url = new URL(req.url);
  const placeId = (url.searchParams.get('place_id') ?? '').trim();
  if (!placeId) throw new HttpError(400, 'missing_place_id', 'Add the place_id of a suggestion from googleplaces, e.g. ?place_id=…');
  if (placeId.length > 1024) throw new HttpError(400, 'invalid_place_id', 'This place_id is too long to be real.');
  const sessiontoken = readSessionToken(url);
  const key = env('GOOGLE_MAPS_API_KEY');
  // Offline ids describe their address themselves, so they resolve the same with or without a key.
  const body =
    key && !placeId.startsWith('us:')
      ? await googleDetails(placeId, { key }, sessiontoken)
      : (await import('../lib/places/offline-us')).offlineDetails(placeId);
  return json(body, 200, { 'Cache-Control': 'private, max-age=300' });
});
