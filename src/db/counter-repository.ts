// This device's enrolment as a store counter: its counter id, store name and token, kept in IndexedDB. Screens get
// the store name only; the token is read by the outbox when it sends a counter's registrations.
import type { AppDb } from './schema';

export type CounterEnrolment = { id: string; store: string; token: string; enrolledAt: string };

const KEY = 'counter';

const isEnrolment = (v: unknown): v is CounterEnrolment => {
  const c = v as Partial<CounterEnrolment> | null;
  return typeof c === 'object' && c !== null && typeof c.id === 'string' && typeof c.store === 'string' && typeof c.token === 'string';
};

export const counterRepository = (db: AppDb) => ({
  /** The store this device is a counter for, or null on a customer's own phone. */
  async store(): Promise<string | null> {
    const v = (await db.meta.get(KEY))?.value;
    return isEnrolment(v) ? v.store : null;
  },
  async enrolment(): Promise<CounterEnrolment | null> {
    const v = (await db.meta.get(KEY))?.value;
    return isEnrolment(v) ? v : null;
  },
  /** The counter token, sent beside a customer's own sign-in so the server knows the store a registration came from. */
  async token(): Promise<string | null> {
    return (await this.enrolment())?.token ?? null;
  },
  enrol: (enrolment: CounterEnrolment) => db.meta.put({ key: KEY, value: enrolment }),
  forget: () => db.meta.delete(KEY),
});
