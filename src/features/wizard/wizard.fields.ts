// What the customer's answers do to the wizard's context: typing, choosing, the address lookup's reports, products and
// a reopened draft; and the context a wizard starts with.
import { digitsOnly, sanitizeCode } from '@/lib/customer-sign-in/sign-in-texts';
import { COUNTER_TIMING_SETTINGS } from '@/shared/counter-timings';
import { DEFAULT_COUNTRY } from './countries';
import { searchProducts } from './products';
import { limitedFields, limitErrorAt } from './wizard.limits';
import { addressProblem, LIMITS, MESSAGES, restorableStep } from './wizard.rules';
import type { ActorIO, Step, TextField, WizardContext, WizardEvent, WizardFields } from './wizard.types';

type Args = { context: WizardContext; event: WizardEvent };

/** A customer's answers before any are given. */
export const emptyFields = (): WizardFields => ({
  fullName: '',
  email: '',
  code: '',
  phoneCountry: DEFAULT_COUNTRY,
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
  productQuery: '',
  category: 'all',
});

/** What a chosen suggestion fills in beside line 1. */
const PLACE_FIELDS: TextField[] = ['city', 'state', 'zip'];

/** The fields each step asks for; typing in one of them clears that step's error. */
const STEP_FIELDS: Partial<Record<Step, TextField[]>> = {
  1: ['fullName'],
  2: ['email'],
  3: ['code'],
  4: ['phone'],
  5: ['addressLine1', 'addressLine2', 'city', 'state', 'zip'],
};

const defaultTimings = () =>
  Object.fromEntries(
    Object.entries(COUNTER_TIMING_SETTINGS).map(([k, [, seconds]]) => [k, seconds]),
  ) as WizardContext['counter']['timings'];

/** A new wizard's context. */
export const initialContext = (): WizardContext => ({
  step: 1,
  fields: emptyFields(),
  placeChosen: false,
  selected: [],
  photos: [],
  photoQueue: [],
  storingFiles: [],
  error: null,
  notice: null,
  userId: null,
  sessionId: null,
  isVerified: false,
  draftId: '',
  draftDirty: false,
  addressChoosing: false,
  catalog: [],
  catalogError: null,
  results: [],
  queuedEntryId: null,
  fixingEntryId: null,
  wrongCodes: 0,
  outcome: null,
  registeredEmail: '',
  codeUnsendable: false,
  confirmLater: false,
  counter: { store: null, timings: defaultTimings() },
});

/** The answers' actions (as assigners, bound with wizardUpdate in the wizard's setup). */
export const answerUpdates = {
  changeField: ({ context, event }: Args) => {
    if (event.type !== 'field.change') return {};
    const fields = { ...context.fields };
    const ownField = STEP_FIELDS[context.step]?.includes(event.field) ?? false;
    let error = ownField ? null : context.error;
    let placeChosen = context.placeChosen;
    if (event.field === 'code') fields.code = sanitizeCode(event.value);
    else if (event.field === 'phone') {
      fields.phone = digitsOnly(event.value).slice(0, LIMITS.phoneMaxDigits);
      // Spaces, dashes, dots and brackets are how numbers are written ("070-123 45 67"): dropped without a word.
      if (/[^\d\s().-]/.test(event.value)) error = MESSAGES.phoneDigits;
    } else {
      fields[event.field] = event.value;
      if (event.field === 'addressLine1' && placeChosen) {
        Object.assign(fields, { city: '', state: '', zip: '' });
        placeChosen = false;
      } else if (placeChosen && PLACE_FIELDS.includes(event.field)) placeChosen = false; // now the customer's own address
      // After a refused Next the address's messages follow the answers: each one goes as its field is put right.
      if (ownField && context.step === 5 && context.error) error = addressProblem(fields, placeChosen);
    }
    const results =
      event.field === 'productQuery' ? searchProducts(context.catalog, fields.productQuery, fields.category) : context.results;
    return { fields, error, placeChosen, results };
  },
  setCountry: ({ context, event }: Args) =>
    event.type === 'phone.country' ? { fields: { ...context.fields, phoneCountry: event.code }, error: null } : {},
  setCategory: ({ context, event }: Args) => {
    if (event.type !== 'category.change') return {};
    const fields = { ...context.fields, category: event.category };
    return { fields, results: searchProducts(context.catalog, fields.productQuery, fields.category) };
  },
  restoreDraft: ({ context }: Args, d: ActorIO['loadDraft']['output']) => {
    const restored: WizardContext = {
      ...context,
      draftId: d.draftId,
      step: restorableStep(d.step) as Step,
      fields: { ...context.fields, ...Object.fromEntries(Object.entries(d.values).filter(([k]) => k in context.fields)) },
      placeChosen: d.values.placeChosen ?? false,
      selected: d.values.selected ?? [],
      queuedEntryId: d.values.queuedEntryId ?? null,
      fixingEntryId: d.values.fixingEntryId ?? null,
      wrongCodes: d.values.wrongCodes ?? 0,
      photos: d.photos,
      userId: d.userId,
      sessionId: d.sessionId,
      isVerified: d.isVerified,
    };
    // Typed before a limit was known here, or set aside by the server for it: the step says so at once.
    return { ...restored, error: limitErrorAt(restored.step, limitedFields(restored)) };
  },
  takeChosenAddress: ({ context, event }: Args) =>
    event.type === 'address.chosen' ? { fields: { ...context.fields, addressLine1: event.line1 }, error: null } : {},
  fillAddress: ({ context, event }: Args) => {
    if (event.type !== 'address.filled') return {};
    const { line1, city, state, zip } = event;
    return { fields: { ...context.fields, addressLine1: line1, city, state, zip }, placeChosen: true };
  },
  setAddressChoosing: ({ event }: Args) => (event.type === 'address.choosing' ? { addressChoosing: event.choosing } : {}),
  selectProduct: ({ context, event }: Args) => {
    if (event.type !== 'product.select' || context.selected.some((p) => p.id === event.id)) return {};
    const p = context.catalog.find((x) => x.id === event.id);
    if (!p) return {};
    return { selected: [...context.selected, { id: p.id, title: p.title, sku: p.sku, image: p.images[0]?.src ?? '' }], error: null };
  },
  removeProduct: ({ context, event }: Args) =>
    event.type === 'product.remove' ? { selected: context.selected.filter((p) => p.id !== event.id) } : {},
};
