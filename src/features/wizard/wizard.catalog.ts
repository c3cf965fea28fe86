// The wizard's catalog region: the products step 6 searches, loaded from step 2 on and retried from step 6.
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CatalogEntry } from '@/db/types';
import { searchProducts } from './products';
import type { WizardContext } from './wizard.types';

/** The catalog's actions (as assigners): keep it and search it as the customer has asked, or keep why it failed. */
export const catalogUpdates = {
  storeCatalog: ({ context }: { context: WizardContext }, params: { catalog: CatalogEntry[] }) => ({
    catalog: params.catalog,
    catalogError: null,
    results: searchProducts(params.catalog, context.fields.productQuery, context.fields.category),
  }),
  noteCatalogFailure: (_: unknown, params: { error: unknown }) => ({
    catalogError: params.error instanceof Error ? params.error.message : 'Failed to load products.',
  }),
};

const failure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });
const loaded = ({ event }: { event: DoneActorEvent<CatalogEntry[]> }) => ({ catalog: event.output });

/** The catalog region's state config. */
export const catalogRegion = {
  initial: 'waiting',
  states: {
    // Not during step 1: its screen comes up alone. From step 2 on (by step 3 the device is online: the code is checked there).
    waiting: { always: { guard: 'isPastFirstStep', target: 'loading' } },
    loading: {
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        onDone: { target: 'ready', actions: { type: 'storeCatalog', params: loaded } },
        onError: { target: 'failed', actions: { type: 'noteCatalogFailure', params: failure } },
      },
    },
    ready: {},
    failed: { on: { 'catalog.retry': 'loading' } },
  },
} as const;
