// The counter's sender, fetched when a counter's registration is first sent: a customer's own phone never needs it.
import { counterRepository } from '@/db/counter-repository';
import type { AppDb } from '@/db/schema';
import { failure, type BackendResult, type CounterSender } from './backend';

export function lazyCounterSender(db: AppDb): CounterSender {
  let sender: Promise<CounterSender> | null = null;
  const withSender = async (send: (s: CounterSender) => Promise<BackendResult>): Promise<BackendResult> => {
    sender ??= import('./counter-backend').then((m) => m.counterSender(db));
    try {
      return await send(await sender);
    } catch (err) {
      // Its code could not be fetched (offline before the app was cached): the record waits and goes again later.
      sender = null;
      return failure('network', err instanceof Error ? err.message : String(err));
    }
  };
  return {
    sendPhoto: (input) => withSender((s) => s.sendPhoto(input)),
    sendRegistration: (input) => withSender((s) => s.sendRegistration(input)),
  };
}

/** This device's counter token, or null on a customer's own phone (sent beside the customer's sign-in, see sendToShopify). */
export const counterTokenOf = (db: AppDb) => () => counterRepository(db).token();
