// Which tables a committed write changed, wherever it ran: this tab, another tab or the service worker (Dexie's
// storagemutated event names the parts of each table a write touched, and `all` when a page comes back from the
// back-forward cache, where anything may have changed meanwhile).
import Dexie from 'dexie';

/** Calls `changed` after each committed write that touched one of `tables` of `db`. Returns the unsubscribe. */
export function onTablesChanged(db: Dexie, tables: readonly string[], changed: () => void): () => void {
  const prefixes = tables.map((t) => `idb://${db.name}/${t}/`);
  const listener = (parts: Record<string, unknown>) => {
    if (Object.keys(parts).some((k) => k === 'all' || prefixes.some((p) => k.startsWith(p)))) changed();
  };
  Dexie.on.storagemutated.subscribe(listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
}

/**
 * Reads with `read` now and, on each `again()`, once more: never two reads at once, at most one start per `everyMs`,
 * and always one read after the last `again()`. A burst of changes costs one read at its start and one at its end.
 */
export function pacedReads(read: () => Promise<void>, everyMs: number): { again(): void; stop(): void } {
  let reading = false;
  let wanted = false;
  let stopped = false;
  let startedAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    if (stopped) return;
    reading = true;
    wanted = false;
    startedAt = performance.now();
    void read()
      .catch((err: unknown) => console.error('Reading the device database failed', err))
      .finally(() => {
        reading = false;
        if (wanted) again();
      });
  };
  const again = () => {
    if (stopped) return;
    if (reading) wanted = true;
    else if (timer === undefined) {
      const wait = startedAt + everyMs - performance.now();
      if (wait > 0) timer = setTimeout(run, wait);
      else run();
    }
  };
  run();
  return {
    again,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
