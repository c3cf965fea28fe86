// The product catalog kept on this device, so product search works offline.
import type { AppDb } from './schema';
import type { CatalogEntry } from './types';

export const catalogRepository = (db: AppDb) => ({
  /** The saved catalog; an unreadable store answers as an empty one (the catalog is fetched again). */
  saved: () => db.catalog.toArray().catch(() => [] as CatalogEntry[]),
  replace: (entries: CatalogEntry[]) =>
    db.transaction('rw', db.catalog, async () => {
      await db.catalog.clear();
      await db.catalog.bulkPut(entries);
    }),
});
