// POST submitFromCounter, counter token only: {"photo": {...}} stores one photo, {"registration": {...}} the
// registration (status pending, the counter's store) once its photos are stored, and e-mails the customer the
// confirmation link. Both are idempotent by their pre-made ids: a repeat changes nothing and answers success.
import { defineFunction } from '../lib/define';
import { markSeen } from '../lib/counters/devices';
import { storePhoto, storeRegistration } from '../lib/counters/submissions';

export default defineFunction('submitFromCounter', async ({ counter, body, context }) => {
  await markSeen(counter);
  return 'photo' in body ? storePhoto(counter, body.photo) : storeRegistration(counter, body.registration, context);
});
