/**
 * A new id in the layout of Appwrite's ID.unique() (hex seconds, 5 hex digits of sub-second time, 7 random hex
 * digits), made without loading the SDK: the outbox makes its ids up front, on pages that have not loaded it yet.
 */
export function uniqueId(): string {
  const now = Date.now();
  const sec = Math.floor(now / 1000).toString(16);
  const random = crypto.getRandomValues(new Uint32Array(2));
  const sub = ((now % 1000) * 1000 + (random[0]! % 1000)).toString(16).padStart(5, '0');
  return sec + sub + random[1]!.toString(16).padStart(8, '0').slice(0, 7);
}
