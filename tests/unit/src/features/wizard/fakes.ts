// The wizard machine with every call replaced by a recording fake.
import { createActor, fromCallback, fromPromise } from 'xstate';
import { vi } from 'vitest';
import { toCatalogEntry } from '@/features/wizard/products';
import { createWizardMachine, type WizardEvent } from '@/features/wizard/wizard.machine';
import { addressLookup } from '@/features/wizard/wizard.view';
import type { ActorIO, LoadedDraft } from '@/features/wizard/wizard.types';
import type { PlaceDetails, PlacePrediction } from '@/shared/contracts/places';
import type { Product } from '@/shared/contracts/product';

export const product = (over: Partial<Product> & { id: string; title: string }): Product => ({
  handle: over.title.toLowerCase().replace(/\s+/g, '-'),
  sku: `SKU-${over.id}`,
  product_type: 'Ring',
  tags: [],
  variants: [],
  images: [{ src: `/catalog/${over.id}.webp` }],
  ...over,
});

export const CATALOG = [
  product({
    id: '1',
    title: 'Aurora Pendant',
    product_type: 'Pendant',
    sku: 'PND-1001',
    tags: ['gold'],
    variants: [{ sku: 'PND-1001-16', title: '16 in' }],
  }),
  product({ id: '2', title: 'Luna Hoops', product_type: 'Hoops', sku: 'EAR-2001', tags: ['silver'] }),
  product({ id: '3', title: 'Solitaire Ring', product_type: 'Ring', sku: 'RNG-3001', tags: ['diamond', 'engagement'] }),
  product({ id: '4', title: 'Tennis Bracelet', product_type: 'Bangle', sku: 'BRC-4001', handle: 'classic-tennis' }),
  product({ id: '5', title: 'Pearl Choker', product_type: 'Choker', sku: 'NCK-5001', tags: ['pearl'] }),
  ...Array.from({ length: 14 }, (_, i) => product({ id: `r${i}`, title: `Band ${i}`, product_type: 'Ring', sku: `RNG-9${i}` })),
].map(toCatalogEntry);

export const PREDICTIONS: PlacePrediction[] = [
  {
    place_id: 'p1',
    description: '12 Elm St, Springfield, IL 62701, USA',
    structured_formatting: { main_text: '12 Elm St', secondary_text: 'Springfield, IL 62701, USA' },
  },
  {
    place_id: 'p2',
    description: '12 Elm St, Springfield, MA 01101, USA',
    structured_formatting: { main_text: '12 Elm St', secondary_text: 'Springfield, MA 01101, USA' },
  },
];

export const DETAILS: PlaceDetails = {
  formatted_address: '12 Elm St, Springfield, IL 62701, USA',
  address_components: [
    { long_name: '12', short_name: '12', types: ['street_number'] },
    { long_name: 'Elm Street', short_name: 'Elm St', types: ['route'] },
    { long_name: 'Springfield', short_name: 'Springfield', types: ['locality', 'political'] },
    { long_name: 'Illinois', short_name: 'IL', types: ['administrative_area_level_1', 'political'] },
    { long_name: '62701', short_name: '62701', types: ['postal_code'] },
  ],
};

export const emptyDraft = (over: Partial<LoadedDraft> = {}): LoadedDraft => ({
  draftId: 'd1',
  step: 1,
  values: {},
  photos: [],
  userId: null,
  sessionId: null,
  isVerified: false,
  ...over,
});

type Impl<K extends keyof ActorIO> = (input: ActorIO[K]['input']) => Promise<ActorIO[K]['output']>;
export type Fakes = { [K in keyof ActorIO]: Impl<K> };

const defaults = (): Fakes => ({
  loadDraft: async () => emptyDraft(),
  saveDraft: async () => undefined,
  clearDraft: async () => undefined,
  sendCode: async () => ({ userId: 'u1' }),
  verifyCode: async ({ userId }) => ({ userId, sessionId: 's1' }),
  checkSession: async () => ({ status: 'active', userId: 'u1', sessionId: 's1' }),
  lookupAddresses: async () => PREDICTIONS,
  placeDetails: async () => DETAILS,
  loadCatalog: async () => CATALOG,
  storePhotos: async ({ files }) => ({
    added: files.map((f, i) => ({ id: `f-${f.name}-${i}`, name: f.name, url: `blob:${f.name}` })),
    errors: [],
  }),
  removePhoto: async () => undefined,
  submitRegistration: async () => ({ outcome: 'sent', entryId: 'e1' }),
  endSession: async () => undefined,
});

/** A started wizard whose calls are vi.fn() spies around the given (or default, successful) fakes. */
export function startWizard(over: Partial<Fakes> = {}, poll = vi.fn((_input: { intervalMs: number }) => undefined)) {
  const impl = { ...defaults(), ...over };
  const spies = Object.fromEntries(
    Object.entries(impl).map(([k, fn]) => [k, vi.fn(fn as (i: unknown) => Promise<unknown>)]),
  ) as unknown as {
    [K in keyof Fakes]: ReturnType<typeof vi.fn<Fakes[K]>>;
  };
  const actors = Object.fromEntries(
    Object.entries(spies).map(([k, fn]) => [
      k,
      fromPromise(({ input }: { input: unknown }) => (fn as (i: unknown) => Promise<unknown>)(input)),
    ]),
  );
  const machine = createWizardMachine({
    ...actors,
    pollSession: fromCallback(({ input }: { input: { intervalMs: number } }) => poll(input)),
  } as never);
  const actor = createActor(machine).start();
  const send = (e: WizardEvent) => actor.send(e);
  const type = (field: Extract<WizardEvent, { type: 'field.change' }>['field'], value: string) =>
    send({ type: 'field.change', field, value });
  const address = () => addressLookup(actor.getSnapshot())!.getSnapshot().context;
  return { actor, spies, poll, send, type, ctx: () => actor.getSnapshot().context, snap: () => actor.getSnapshot(), address };
}

/** Lets fake calls settle and timers due by now run. */
export const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

export type Wizard = ReturnType<typeof startWizard>;

/** A valid answer for each of steps 1 to 5, the event that moves on, and the waits that follow (calls, the 1.5 s notice). */
const ANSWERS: [
  field: Extract<WizardEvent, { type: 'field.change' }>['field'],
  value: string,
  next: WizardEvent['type'],
  waits: number[],
  also?: Partial<Record<Extract<WizardEvent, { type: 'field.change' }>['field'], string>>,
][] = [
  ['fullName', 'Ada Lovelace', 'step.next', []],
  ['email', 'ada@example.com', 'code.send', [0]],
  ['code', '123456', 'code.verify', [0, 1500]],
  ['phone', '5551234567', 'step.next', []],
  ['addressLine1', '12 Elm St', 'step.next', [0], { city: 'Springfield', state: 'IL', zip: '62701' }],
];

/** Drives a fresh wizard through the steps before `step`, with valid answers. */
export async function walkTo(w: Wizard, step: number) {
  await settle();
  for (const [field, value, next, waits, also = {}] of ANSWERS.slice(0, step - 1)) {
    w.type(field, value);
    for (const [f, v] of Object.entries(also)) w.type(f as typeof field, v);
    w.send({ type: next } as WizardEvent);
    for (const ms of waits) await settle(ms);
  }
}

/** A started wizard (with these fakes) walked to `step`. */
export async function wizardAt(step: number, over: Partial<Fakes> = {}) {
  const w = startWizard(over);
  await walkTo(w, step);
  return w;
}
