// GET listCounters, staff only: every counter device, newest enrolment first, never its token or hash.
import { defineFunction } from '../lib/define';
import { listCounters } from '../lib/counters/devices';

export default defineFunction('listCounters', async () => ({ counters: await listCounters() }));
