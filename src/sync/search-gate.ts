// A staff member's search asked of the server goes first: from the moment it is typed until it has answered, a
// device's first fill waits before it asks for or stores its next page, so the answer is not queued behind a page's
// transfer, the server's work on it, or the device's writes.
let searching = 0;
const waiting: (() => void)[] = [];
/** Searches slower than this no longer hold the fill. */
const HOLD_MS = 2_000;

/** Holds the fill for a search about to be asked; answers the release (calling it more than once is harmless). */
export function holdForSearch(): () => void {
  searching++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--searching === 0) for (const go of waiting.splice(0)) go();
  };
}

/**
 * Resolves once no server search is on its way (at once when none is), or after HOLD_MS at the most. A search typed
 * as the one before it ends (the next keystroke) holds the fill on, within the same HOLD_MS.
 */
export async function searchesAnswered(): Promise<void> {
  const until = Date.now() + HOLD_MS;
  while (searching > 0 && Date.now() < until)
    await new Promise<void>((go) => {
      waiting.push(go);
      setTimeout(go, until - Date.now());
    });
}
