// Step 4's numbers: every country in the picker, +1 with SPEC.md's 10 digits, the others checked with libphonenumber-js
// (its own chunk, fetched as the step shows) and stored without the trunk 0.
import { describe, expect, it } from 'vitest';
import { ALL_COUNTRIES, COUNTRIES, filterCountries, formatPhone } from '@/features/wizard/countries';
import { loadPhoneLibrary, phoneLibrary } from '@/features/wizard/phone-number';
import { phoneProblem, toRegistration } from '@/features/wizard/wizard.rules';
import { wizardAt } from './fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

const problem = (phoneCountry: string, phone: string) => phoneProblem({ phoneCountry, phone });

describe('phone numbers before the library has arrived', () => {
  it('takes a number of a plausible length and drops the country’s trunk prefix', () => {
    expect(phoneLibrary()).toBeNull();
    expect(problem('GB', '07700900123')).toBeNull();
    expect(problem('DE', '123')).toBe('Enter a valid phone number for Germany.');
    expect(formatPhone('SE', '0701234567')).toBe('+46 701234567');
    expect(formatPhone('IT', '0612345678')).toBe('+39 0612345678'); // Italy's 0 is part of the number
  });
});

describe('phone numbers with libphonenumber-js', () => {
  it('keeps SPEC.md’s rule and texts for +1', async () => {
    await loadPhoneLibrary();
    expect(problem('US', '')).toBe('Enter your phone number.');
    expect(problem('US', '555123456')).toBe('Phone number must be 10 digits');
    expect(problem('US', '5551234567')).toBeNull();
    expect(problem('CA', '4165550123')).toBeNull();
    expect(formatPhone('US', '5551234567')).toBe('+1 5551234567');
  });

  it('takes the numbers people outside +1 have, and stores them without the trunk 0', async () => {
    await loadPhoneLibrary();
    const stored = (country: string, digits: string) => (problem(country, digits) ?? formatPhone(country, digits)) as string;
    expect(stored('GB', '07700900123')).toBe('+44 7700900123');
    expect(stored('GB', '7700900123')).toBe('+44 7700900123');
    expect(stored('SE', '0701234567')).toBe('+46 701234567');
    expect(stored('FR', '0612345678')).toBe('+33 612345678');
    expect(stored('DE', '015112345678')).toBe('+49 15112345678');
    expect(stored('JP', '09012345678')).toBe('+81 9012345678');
    expect(stored('NO', '41234567')).toBe('+47 41234567');
    expect(stored('IT', '0612345678')).toBe('+39 0612345678');
  });

  it('names the country of a number that is none of its', async () => {
    await loadPhoneLibrary();
    expect(problem('DE', '0301')).toBe('Enter a valid phone number for Germany.');
    expect(problem('GB', '0770090012')).toBe('Enter a valid phone number for United Kingdom.');
    expect(problem('NO', '4123')).toBe('Enter a valid phone number for Norway.');
    expect(problem('JP', '090123')).toBe('Enter a valid phone number for Japan.');
  });

  it('brings every country’s flag', async () => {
    const { FLAGS } = await loadPhoneLibrary();
    for (const c of ALL_COUNTRIES) expect(FLAGS[c.code], c.code).toBeTruthy();
  });
});

describe('the country picker’s list', () => {
  it('lists SPEC.md’s 24 first, then every other country by name', () => {
    expect(ALL_COUNTRIES.slice(0, 24)).toEqual(COUNTRIES);
    expect(ALL_COUNTRIES).toHaveLength(245);
    const rest = ALL_COUNTRIES.slice(24).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(ALL_COUNTRIES.map((c) => c.code)).size).toBe(245);
  });

  it('finds a country by its name or its dial code', () => {
    expect(filterCountries('Norway')).toEqual([{ code: 'NO', name: 'Norway', dial: '47' }]);
    expect(filterCountries('+47').map((c) => c.code)).toEqual(['NO', 'SJ']);
    expect(filterCountries('+ 47').map((c) => c.code)).toEqual(['NO', 'SJ']);
    expect(filterCountries('germ').map((c) => c.name)).toEqual(['Germany']);
  });
});

describe('step 4 in the wizard', () => {
  fakeTimersInEachTest();

  it('takes a UK number as written, and the registration holds it without the trunk 0', async () => {
    await loadPhoneLibrary();
    const w = await wizardAt(4);
    w.send({ type: 'phone.country', code: 'GB' });
    w.type('phone', '07700 900123');
    expect(w.ctx()).toMatchObject({ error: null, fields: { phone: '07700900123' } });
    w.send({ type: 'key.enter' });
    expect(w.ctx().step).toBe(5);
    expect(toRegistration(w.ctx()).phone).toBe('+44 7700900123');
  });

  it('refuses a wrong German number with the country’s name, and clears it when the country changes', async () => {
    await loadPhoneLibrary();
    const w = await wizardAt(4);
    w.send({ type: 'phone.country', code: 'DE' });
    w.type('phone', '0301');
    w.send({ type: 'step.next' });
    expect(w.ctx()).toMatchObject({ step: 4, error: 'Enter a valid phone number for Germany.' });
    w.send({ type: 'phone.country', code: 'US' });
    expect(w.ctx().error).toBeNull();
  });
});
