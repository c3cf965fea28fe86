// A staff member's search asked of the server goes first: while one is on its way, a device's first fill waits before
// it asks for or stores its next page, so the answer is not queued behind a page's transfer and IndexedDB writes.
let searching = 0;
const waiting: (() => void)[] = [];
/** A search slower than this no longer holds the fill. */
const HOLD_MS = 2_000;

/** Runs a server search; the fill holds its next page until every search on its way has answered. */
export async function searchFirst<T>(run: () => Promise<T>): Promise<T> {
  searching++;
  try {
    return await run();
  } finally {
    if (--searching === 0) for (const go of waiting.splice(0)) go();
  }
}

/** Resolves once no server search is on its way (at once when none is), or after HOLD_MS at the most. */
export const searchesAnswered = (): Promise<void> =>
  searching === 0
    ? Promise.resolve()
    : new Promise((go) => {
        waiting.push(go);
        setTimeout(go, HOLD_MS);
      });
