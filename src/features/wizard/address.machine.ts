// Step 5's address lookup: suggestions for line 1 (300 ms debounce, from 2 characters), the list's focus and keyboard,
// and the chosen place's details. A child of the wizard with its own context; it tells the wizard what was chosen.
import { assign, fromPromise, raise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PlaceDetails, PlacePrediction } from '@/shared/contracts/places';
import { addressFromDetails, LIMITS } from './wizard.rules';
import type { AddressReport } from './wizard.types';

export type AddressContext = {
  text: string;
  suggestions: PlacePrediction[];
  highlighted: number;
  focused: boolean;
  chosenPlaceId: string | null;
};

/** What the wizard forwards to the lookup. */
export type AddressEvent =
  | { type: 'address.input'; value: string }
  | { type: 'address.focus' }
  | { type: 'address.blur' }
  | { type: 'address.reset' }
  | { type: 'suggestions.next' }
  | { type: 'suggestions.prev' }
  | { type: 'suggestions.dismiss' }
  | { type: 'suggestions.show' }
  | { type: 'suggestion.choose'; index: number }
  | { type: 'key.enter' };

const initialContext = (): AddressContext => ({ text: '', suggestions: [], highlighted: -1, focused: false, chosenPlaceId: null });

type Logic = ReturnType<typeof fromPromise<PlacePrediction[], { text: string }>>;
type DetailsLogic = ReturnType<typeof fromPromise<PlaceDetails, { placeId: string }>>;

/** Builds the lookup with its two calls (actor logic, so a test can hand in fakes). */
export function createAddressMachine(calls: { lookupAddresses: Logic; placeDetails: DetailsLogic }) {
  return setup({
    types: {} as { context: AddressContext; events: AddressEvent },
    actors: calls,
    guards: {
      isLongEnough: ({ event }) => event.type === 'address.input' && event.value.trim().length >= LIMITS.addressMinChars,
      isSuggestion: ({ context, event }) =>
        event.type === 'suggestion.choose' && event.index >= 0 && event.index < context.suggestions.length,
      hasSuggestions: ({ context }) => context.suggestions.length > 0,
      isFocused: ({ context }) => context.focused,
    },
    actions: {
      storeText: assign(({ event }) => (event.type === 'address.input' ? { text: event.value } : {})),
      storeSuggestions: assign((_, params: { suggestions: PlacePrediction[] }) => ({ suggestions: params.suggestions, highlighted: -1 })),
      clearSuggestions: assign({ suggestions: [], highlighted: -1 }),
      clearHighlight: assign({ highlighted: -1 }),
      moveHighlight: assign(({ context }, params: { by: number }) => {
        const n = context.suggestions.length;
        return n ? { highlighted: ((((context.highlighted < 0 && params.by < 0 ? 0 : context.highlighted) + params.by) % n) + n) % n } : {};
      }),
      setFocus: assign((_, params: { focused: boolean }) => ({ focused: params.focused })),
      choose: assign(({ context, event }) => {
        if (event.type !== 'suggestion.choose') return {};
        const s = context.suggestions[event.index]!;
        return { chosenPlaceId: s.place_id, suggestions: [], highlighted: -1 };
      }),
      reportChosen: sendParent(({ context, event }): AddressReport => {
        const s = event.type === 'suggestion.choose' ? context.suggestions[event.index] : undefined;
        return { type: 'address.chosen', line1: s ? (s.structured_formatting?.main_text ?? s.description) : context.text };
      }),
      reportFilled: sendParent((_, details: PlaceDetails): AddressReport => {
        const a = addressFromDetails(details);
        return { type: 'address.filled', line1: a.line1, city: a.city, state: a.state, zip: a.zip };
      }),
      reset: assign(initialContext),
      /** Whether Enter now chooses a suggestion (the wizard must then stay on step 5): whenever the list shows. */
      reportChoosing: sendParent(({ context }, params: { open: boolean }): AddressReport => ({
        type: 'address.choosing',
        choosing: params.open && context.suggestions.length > 0,
      })),
    },
    delays: { debounce: LIMITS.addressDebounceMs, close: LIMITS.suggestionsCloseMs },
  }).createMachine({
    id: 'address',
    type: 'parallel',
    context: initialContext,
    on: { 'address.reset': { target: ['.lookup.idle', '.list.closed'], actions: 'reset' } },
    states: {
      lookup: {
        initial: 'idle',
        on: {
          'address.input': [
            { guard: 'isLongEnough', target: '.debouncing', reenter: true, actions: 'storeText' },
            { target: '.idle', actions: ['storeText', 'clearSuggestions', { type: 'reportChoosing', params: { open: false } }] },
          ],
          // Chosen here (not in the list region) so the place is read before the list clears it.
          'suggestion.choose': { guard: 'isSuggestion', target: '.resolving', actions: ['reportChosen', 'choose'] },
        },
        states: {
          idle: {},
          debouncing: { after: { debounce: 'searching' } },
          searching: {
            invoke: {
              src: 'lookupAddresses',
              input: ({ context }) => ({ text: context.text.trim() }),
              onDone: {
                target: 'idle',
                actions: [
                  { type: 'storeSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
                  { type: 'reportChoosing', params: { open: false } },
                  raise({ type: 'suggestions.show' }),
                ],
              },
              onError: { target: 'idle', actions: ['clearSuggestions', { type: 'reportChoosing', params: { open: false } }] },
            },
          },
          resolving: {
            invoke: {
              src: 'placeDetails',
              input: ({ context }) => ({ placeId: context.chosenPlaceId ?? '' }),
              onDone: { target: 'idle', actions: { type: 'reportFilled', params: ({ event }) => event.output } },
              onError: 'idle',
            },
          },
        },
      },
      list: {
        initial: 'closed',
        on: {
          'address.focus': { actions: { type: 'setFocus', params: { focused: true } } },
          'address.blur': { actions: { type: 'setFocus', params: { focused: false } } },
        },
        states: {
          closed: {
            on: {
              'suggestions.show': { guard: 'isFocused', target: 'open' },
              'address.focus': { target: 'open', actions: { type: 'setFocus', params: { focused: true } } },
            },
          },
          open: {
            entry: { type: 'reportChoosing', params: { open: true } },
            exit: { type: 'reportChoosing', params: { open: false } },
            on: {
              'address.blur': { target: 'closing', actions: { type: 'setFocus', params: { focused: false } } },
              'suggestions.dismiss': { target: 'closed', actions: 'clearHighlight' },
              'suggestions.next': { actions: { type: 'moveHighlight', params: { by: 1 } } },
              'suggestions.prev': { actions: { type: 'moveHighlight', params: { by: -1 } } },
              // The highlighted suggestion, or the first while none is: Enter never leaves the step with a half address.
              'key.enter': {
                guard: 'hasSuggestions',
                actions: raise(({ context }) => ({ type: 'suggestion.choose' as const, index: Math.max(context.highlighted, 0) })),
              },
              // New suggestions while the list is open.
              'suggestions.show': { actions: { type: 'reportChoosing', params: { open: true } } },
              'suggestion.choose': 'closed',
            },
          },
          closing: {
            after: { close: { target: 'closed', actions: 'clearHighlight' } },
            on: {
              'address.focus': { target: 'open', actions: { type: 'setFocus', params: { focused: true } } },
              'suggestion.choose': 'closed',
            },
          },
        },
      },
    },
  });
}

export type AddressMachine = ReturnType<typeof createAddressMachine>;
export type AddressSnapshot = SnapshotFrom<AddressMachine>;
export type AddressRef = ActorRefFrom<AddressMachine>;

/** Whether the list shows, for the screen. */
export const isListShown = (s: AddressSnapshot) =>
  (s.matches({ list: 'open' }) || s.matches({ list: 'closing' })) && s.context.suggestions.length > 0;
