// Whether this device is a store's counter, for the screens: the store name only (the token stays with the outbox).
import { useLiveQuery } from 'dexie-react-hooks';
import { counterRepository } from '@/db/counter-repository';
import { appDb } from '@/db/schema';

/** The counter's store; null on a customer's own phone; undefined while the device is being read. */
export function useCounterStore(): string | null | undefined {
  return useLiveQuery(() => counterRepository(appDb()).store(), [], undefined);
}
