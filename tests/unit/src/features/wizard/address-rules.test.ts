// Step 5's address: SPEC.md's line 1, then a city, a state and a ZIP of that state when no suggestion was chosen; the
// messages beside each field after a refused Next; Enter with suggestions showing chooses one.
import { describe, expect, it } from 'vitest';
import { addressProblem, addressProblems } from '@/features/wizard/wizard.rules';
import { wizardView } from '@/features/wizard/wizard.view';
import { settle, wizardAt, type Wizard } from './fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

const typed = (over: Partial<Record<'addressLine1' | 'city' | 'state' | 'zip', string>> = {}) => ({
  addressLine1: '42 Elm St',
  city: 'Boston',
  state: 'MA',
  zip: '02108',
  ...over,
});

describe('address rules', () => {
  it('needs line 1 always, and a city, a state and a 5-digit ZIP of that state when typed by hand', () => {
    expect(addressProblems(typed(), false)).toEqual({});
    expect(addressProblems(typed({ addressLine1: ' ' }), false)).toEqual({ addressLine1: 'Please enter your address.' });
    expect(addressProblems(typed({ addressLine1: 'Somewhere', city: '', state: '', zip: '' }), false)).toEqual({
      city: 'Enter your city.',
      state: 'Choose your state.',
      zip: 'Enter a 5-digit ZIP code.',
    });
    expect(addressProblems(typed({ state: 'XX', zip: '99999' }), false)).toEqual({ state: 'Choose your state.' });
    expect(addressProblems(typed({ state: 'TX', zip: '99999' }), false)).toEqual({ zip: 'This ZIP code is not in Texas.' });
    expect(addressProblems(typed({ zip: '0210' }), false)).toEqual({ zip: 'Enter a 5-digit ZIP code.' });
    expect(addressProblems(typed({ zip: '02108-1234' }), false)).toEqual({});
    expect(addressProblem(typed({ city: '', zip: 'x' }), false)).toBe('Enter your city.');
  });

  it('takes a chosen suggestion’s city, state and ZIP as they came', () => {
    expect(addressProblems(typed({ state: 'NH', zip: '' }), true)).toEqual({});
    expect(addressProblems(typed({ addressLine1: '' }), true)).toEqual({ addressLine1: 'Please enter your address.' });
  });
});

describe('step 5 in the wizard', () => {
  fakeTimersInEachTest();
  const typeIn = (w: Wizard, answers: Record<string, string>) => Object.entries(answers).forEach(([f, v]) => w.type(f as 'city', v));
  /** "42 Elm St Boston" typed in the focused field, and the suggestions shown. */
  const withSuggestions = async () => {
    const w = await wizardAt(5);
    w.send({ type: 'address.focus' });
    w.type('addressLine1', '42 Elm St Boston');
    await settle(300);
    expect(wizardView(w.snap()).suggestionsOpen).toBe(true);
    return w;
  };

  it('refuses "Somewhere" alone, and each message goes as its field is put right', async () => {
    const w = await wizardAt(5);
    typeIn(w, { addressLine1: 'Somewhere' });
    w.send({ type: 'step.next' });
    expect(w.ctx()).toMatchObject({ step: 5, error: 'Enter your city.' });
    typeIn(w, { city: 'Boston' });
    expect(w.ctx().error).toBe('Choose your state.');
    typeIn(w, { state: 'RI', zip: '02108' });
    expect(w.ctx().error).toBe('This ZIP code is not in Rhode Island.');
    typeIn(w, { state: 'MA' });
    expect(w.ctx().error).toBeNull();
    w.send({ type: 'step.next' });
    expect(w.ctx().step).toBe(6);
  });

  it('chooses the first suggestion on Enter while none is highlighted, and stays on the step', async () => {
    const w = await withSuggestions();
    w.send({ type: 'key.enter' });
    await settle();
    expect(w.spies.placeDetails).toHaveBeenCalledWith({ placeId: 'p1' });
    expect(w.ctx()).toMatchObject({ step: 5, placeChosen: true, fields: { city: 'Springfield', state: 'IL', zip: '62701' } });
    w.send({ type: 'key.enter' });
    expect(w.ctx().step).toBe(6);
  });

  it('chooses the highlighted suggestion on Enter', async () => {
    const w = await withSuggestions();
    w.send({ type: 'suggestions.next' });
    w.send({ type: 'suggestions.next' });
    w.send({ type: 'key.enter' });
    await settle();
    expect(w.spies.placeDetails).toHaveBeenCalledWith({ placeId: 'p2' });
    expect(w.ctx().step).toBe(5);
  });

  it('checks a chosen place’s city, state and ZIP once the customer types over them', async () => {
    const w = await withSuggestions();
    w.send({ type: 'suggestion.choose', index: 0 });
    await settle();
    typeIn(w, { zip: '02108' });
    expect(w.ctx().placeChosen).toBe(false);
    w.send({ type: 'step.next' });
    expect(w.ctx()).toMatchObject({ step: 5, error: 'This ZIP code is not in Illinois.' });
  });
});
