// The e-mail sign-in's checks, shared by the wizard and /warranties: the first problem, in the wizard's words.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/features/wizard/wizard.rules';
import { codeProblem, emailProblem, SIGN_IN_MESSAGES, verifyErrorMessage, classifyVerifyError } from '@/shared/sign-in-texts';

describe('sign-in checks', () => {
  it('ask for an email, then a valid one', () => {
    expect(emailProblem('  ')).toBe('Enter your email.');
    expect(emailProblem('ada@example')).toBe('Enter a valid email address.');
    expect(emailProblem(' ada@example.com ')).toBeNull();
  });

  it('ask for the code, six digits, and a code requested on this page', () => {
    expect(codeProblem('', true)).toBe('Please enter the OTP.');
    expect(codeProblem('12345', true)).toBe('OTP must be 6 digits.');
    expect(codeProblem('123456', false)).toBe('Session expired. Please request a new OTP.');
    expect(codeProblem('123456', true)).toBeNull();
  });

  it('say a failed check as the wizard does', () => {
    expect(verifyErrorMessage(classifyVerifyError({ code: 401, type: 'user_invalid_token' }))).toBe(
      'Invalid OTP. Please check and try again.',
    );
    expect(verifyErrorMessage(classifyVerifyError({ code: 401, message: 'The token has expired.' }))).toBe(
      'OTP has expired. Please request a new one.',
    );
    expect(verifyErrorMessage(classifyVerifyError(new Error('boom')))).toBe('Verification failed. Please try again.');
  });

  it('are the very texts of the wizard', () => {
    for (const [key, text] of Object.entries(SIGN_IN_MESSAGES)) expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(text);
  });
});
