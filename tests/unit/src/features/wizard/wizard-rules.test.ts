// The pure rules: messages, error sorting, the address and the document fields.
import { describe, expect, it } from 'vitest';
import { filterCountries, formatPhone, COUNTRIES } from '@/features/wizard/countries';
import {
  addressFromDetails,
  composeAddress,
  isAuthFailure,
  registrationFields,
  restorableStep,
  submitErrorMessage,
} from '@/features/wizard/wizard.rules';
import { classifyVerifyError, isEmailValid, sanitizeCode, sendErrorMessage } from '@/lib/customer-sign-in/sign-in-texts';
import { DETAILS } from './fakes';

describe('wizard rules', () => {
  it('checks emails with a simple pattern', () => {
    expect(isEmailValid('ada@example.com')).toBe(true);
    expect(isEmailValid(' ada@example.com ')).toBe(true);
    for (const bad of ['ada', 'ada@example', '@example.com', 'a da@example.com']) expect(isEmailValid(bad)).toBe(false);
  });

  it('keeps at most 6 digits of a code', () => {
    expect(sanitizeCode(' 12-34 5678')).toBe('123456');
  });

  it('restores steps 1 to 6 only', () => {
    expect([
      restorableStep('4'),
      restorableStep(6),
      restorableStep('7'),
      restorableStep('x'),
      restorableStep(null),
      restorableStep(2.5),
    ]).toEqual([4, 6, 1, 1, 1, 1]);
  });

  it('sorts code failures', () => {
    expect(classifyVerifyError({ code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' })).toBe('invalid');
    expect(classifyVerifyError({ code: 400, type: 'user_invalid_credentials' })).toBe('invalid');
    expect(classifyVerifyError({ code: 401, message: 'Token expired' })).toBe('expired');
    // server/appwrite/account.ts: a late right code keeps Appwrite's type and says why in the message.
    expect(
      classifyVerifyError({
        code: 401,
        type: 'user_invalid_token',
        message: 'Invalid token passed in the request: the token has expired.',
      }),
    ).toBe('expired');
    expect(classifyVerifyError(new TypeError('Failed to fetch'))).toBe('other');
  });

  it('words send and submit failures', () => {
    expect(sendErrorMessage(new Error('Too many requests'))).toBe('Too many requests');
    expect(sendErrorMessage(null)).toBe('Failed to send OTP.');
    expect(submitErrorMessage(new Error('boom'))).toBe('Submission failed: boom');
    expect(submitErrorMessage(undefined)).toBe('Unknown error');
    expect(isAuthFailure({ message: 'User (role: guests) missing scopes (["account"])' })).toBe(true);
    expect(isAuthFailure({ message: 'Document invalid' })).toBe(false);
  });

  it('joins the address parts that are there, ending with the country', () => {
    expect(composeAddress({ line1: '12 Elm St', line2: '', city: 'Springfield', state: 'IL', zip: ' ' })).toBe(
      '12 Elm St, Springfield, IL, United States',
    );
  });

  it('reads line 1, city, state and zip from place details', () => {
    expect(addressFromDetails(DETAILS)).toEqual({ line1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' });
  });

  it('builds the registration fields', () => {
    const base = {
      fullName: ' Ada ',
      email: 'ada@example.com',
      phone: '+1 5551234567',
      address: { line1: '1 A St', line2: '', city: '', state: '', zip: '' },
    };
    expect(registrationFields({ ...base, productQuery: ' nck-1 ', selected: [] })).toMatchObject({
      full_name: 'Ada',
      product_sku: 'nck-1',
      selected_product: '',
    });
    const picked = [
      { title: 'Aurora Ring', sku: 'RNG-1' },
      { title: 'Plain Band', sku: '' },
      { title: 'Luna Hoops', sku: 'EAR-2' },
    ];
    // Picked products: SKUs and titles in the same order (the typed text is not a product then); no SKU keeps its place.
    expect(registrationFields({ ...base, productQuery: 'x', selected: picked })).toMatchObject({
      product_sku: 'RNG-1, Plain Band, EAR-2',
      selected_product: 'Aurora Ring, Plain Band, Luna Hoops',
    });
  });

  it('lists about 24 countries with the United States first, found by name or dial code', () => {
    expect(COUNTRIES.length).toBe(24);
    expect(COUNTRIES[0]).toEqual({ code: 'US', name: 'United States', dial: '1' });
    expect(filterCountries('king').map((c) => c.code)).toEqual(['GB']);
    expect(filterCountries('+44').map((c) => c.code)).toEqual(['GB', 'GG', 'IM', 'JE']); // every country is listed now
    expect(formatPhone('GB', '7700900123')).toBe('+44 7700900123');
  });
});
