// The wizard's photos region: photos the customer adds are queued, then stored a batch at a time.
import type { DoneActorEvent } from 'xstate';
import { MESSAGES } from './wizard.rules';
import type { ActorIO, WizardContext, WizardEvent } from './wizard.types';

type Stored = ActorIO['storePhotos']['output'];

/** The photos' actions (as assigners). */
export const photoUpdates = {
  queuePhotos: ({ context, event }: { context: WizardContext; event: WizardEvent }) =>
    event.type === 'photos.add' ? { photoQueue: [...context.photoQueue, ...event.files] } : {},
  takeQueuedPhotos: ({ context }: { context: WizardContext }) => ({ storingFiles: context.photoQueue, photoQueue: [] }),
  addPhotos: ({ context }: { context: WizardContext }, params: Stored) => ({
    photos: [...context.photos, ...params.added],
    storingFiles: [],
    error: params.errors.length ? params.errors.join(' ') : params.added.length && context.step === 6 ? null : context.error,
  }),
};

/** Nothing was kept; the customer is told. */
const notAdded: Stored = { added: [], errors: [MESSAGES.photosNotAdded] };
const stored = ({ event }: { event: DoneActorEvent<Stored> }) => event.output;

/** The photos region's state config. */
export const photosRegion = {
  initial: 'idle',
  on: { 'photos.add': { actions: 'queuePhotos' } },
  states: {
    idle: { always: { guard: 'hasQueuedPhotos', target: 'storing' } },
    storing: {
      entry: 'takeQueuedPhotos',
      invoke: {
        id: 'storePhotos',
        src: 'storePhotos',
        input: ({ context }: { context: WizardContext }) => ({ draftId: context.draftId, files: context.storingFiles }),
        onDone: { target: 'idle', actions: { type: 'addPhotos', params: stored } },
        // The photo code could not be loaded (no network, no service worker): nothing was kept; the customer is told.
        onError: { target: 'idle', actions: { type: 'addPhotos', params: notAdded } },
      },
    },
  },
} as const;
