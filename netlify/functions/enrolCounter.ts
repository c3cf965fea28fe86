// POST enrolCounter {store}, staff only: enrols the device as a counter of that store. The counter token is
// answered once (the device keeps it); only its hash is stored.
import { defineFunction } from '../lib/define';
import { enrolCounter } from '../lib/counters/devices';

export default defineFunction('enrolCounter', async ({ staff, body }) => enrolCounter(body.store, staff.email || staff.userId));
