// Step 5's address: SPEC.md's line 1, then a city, a state and a ZIP of that state when no suggestion was chosen; the
// messages beside each field after a refused Next; Enter with suggestions showing chooses one.
import { describe, expect, it } from 'vitest';
import { addressProblem, addressProblems } from '@/features/wizard/wizard.rules';
import { wizardView } from '@/features/wizard/wizard.view';
import { settle, wizardAt, type Wizard } from './fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

/** A whole address as step 5 holds it; each case changes what it is about. */
const BOSTON = { addressLine1: '42 Elm St', city: 'Boston', state: 'MA', zip: '02108' };

describe('address rules', () => {
  it.each<[string, Partial<typeof BOSTON>, Record<string, string>]>([
    ['a whole address', {}, {}],
    ['a blank line 1', { addressLine1: ' ' }, { addressLine1: 'Please enter your address.' }],
    [
      'line 1 alone',
      { addressLine1: 'Somewhere', city: '', state: '', zip: '' },
      { city: 'Enter your city.', state: 'Choose your state.', zip: 'Enter a 5-digit ZIP code.' },
    ],
    ['no such state', { state: 'XX', zip: '99999' }, { state: 'Choose your state.' }],
    ["a ZIP not of the state's", { state: 'TX', zip: '99999' }, { zip: 'This ZIP code is not in Texas.' }],
    ['a 4-digit ZIP', { zip: '0210' }, { zip: 'Enter a 5-digit ZIP code.' }],
    ['a ZIP+4', { zip: '02108-1234' }, {}],
  ])('needs line 1 always, and a city, a state and a 5-digit ZIP of that state when typed by hand: %s', (_case, over, problems) => {
    expect(addressProblems({ ...BOSTON, ...over }, false)).toEqual(problems);
  });

  it('says the first problem of an address typed by hand', () => {
    expect(addressProblem({ ...BOSTON, city: '', zip: 'x' }, false)).toBe('Enter your city.');
  });

  it('takes a chosen suggestion’s city, state and ZIP as they came', () => {
    expect(addressProblems({ ...BOSTON, state: 'NH', zip: '' }, true)).toEqual({});
    expect(addressProblems({ ...BOSTON, addressLine1: '' }, true)).toEqual({ addressLine1: 'Please enter your address.' });
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
