// The staff screens' small rules: the account name, sign-in messages, and where sign-in may send a person next.
import { describe, expect, it } from 'vitest';
import { displayName } from '@/features/staff/display-name';
import { safeNext, signInPath } from '@/features/staff/navigation';
import { authMessage, CODE_EXPIRED, RATE_LIMITED, UNREACHABLE, WRONG_CODE } from '@/features/staff/sign-in-messages';

describe('displayName', () => {
  it('takes the part before the @ with dots as spaces, or User', () => {
    expect(displayName('ana.lucia.kent@maison.example')).toBe('ana lucia kent');
    expect(displayName('manager@maison.example')).toBe('manager');
    expect(displayName(undefined)).toBe('User');
    expect(displayName('')).toBe('User');
  });
});

describe('authMessage', () => {
  it('shows the server’s own words for bad credentials', () => {
    expect(authMessage({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'Invalid login credentials',
    );
  });

  it('says plainly when attempts are limited, the service is unreachable, or a code is wrong or expired', () => {
    expect(authMessage({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })).toBe(RATE_LIMITED);
    expect(authMessage({ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' })).toBe(UNREACHABLE);
    expect(authMessage({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' })).toBe(WRONG_CODE);
    expect(authMessage({ status: 422, code: 'mfa_challenge_expired', message: 'Challenge expired' })).toBe(CODE_EXPIRED);
  });

  it('never shows a failing server’s own words, and says something when a failure has none', () => {
    expect(authMessage({ status: 502, message: 'upstream connect error or disconnect/reset before headers' })).toBe(
      'Sign-in is not working right now. Please try again in a moment.',
    );
    expect(authMessage({ status: 400 })).toBe('Sign-in failed. Please try again.');
  });
});

describe('safeNext and signInPath', () => {
  it('returns only to paths of this site', () => {
    expect(safeNext('/submissionslist')).toBe('/submissionslist');
    expect(safeNext('/submission?q=ada')).toBe('/submission?q=ada');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', '/login/staff', '/login/staff?next=/home'])
      expect(safeNext(bad)).toBe('/home');
  });

  it('keeps the path readable in the sign-in address', () => {
    expect(signInPath('/home')).toBe('/login/staff?next=/home');
    expect(signInPath('/submission?q=a&b=1')).toBe('/login/staff?next=/submission%3Fq%3Da%26b%3D1');
  });
});
