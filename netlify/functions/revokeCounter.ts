// POST revokeCounter {id}, staff only: the counter's token is refused from its next call on.
import { defineFunction } from '../lib/define';
import { revokeCounter } from '../lib/counters/devices';

export default defineFunction('revokeCounter', async ({ body }) => revokeCounter(body.id));
