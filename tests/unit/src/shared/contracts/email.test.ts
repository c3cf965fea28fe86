// The app's one e-mail rule (Appwrite's) and how text limits are counted: what passes and what does not.
import { describe, expect, it } from 'vitest';
import { isEmail } from '@/shared/contracts/email';
import { fieldsSchema } from '@/shared/contracts/submission';
import { textLength, withinLimit } from '@/shared/contracts/text-length';

describe('isEmail', () => {
  it('takes ordinary addresses', () => {
    for (const ok of [
      'ada@example.com',
      'Ada.Lovelace+warranty@mail.example.co.uk',
      "o'brien@example.ie",
      'x_y-z@sub-domain.example',
      'a@b.co',
    ])
      expect(isEmail(ok), ok).toBe(true);
  });

  it('refuses what the Users API refuses, and every hidden character', () => {
    for (const bad of [
      'a,b@example.com',
      'a b@example.com',
      '"a"@example.com',
      'a@example',
      'a@-example.com',
      'a@example.123',
      '.a@example.com',
      'a..b@example.com',
      'a@@example.com',
      'x\u0000y@example.com',
      'x\u0007y@example.com',
      'x\ud800y@example.com',
      'x\u202ey@example.com',
      'x\u200ey@example.com',
      'josé@example.com',
      ' ada@example.com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}.com`,
    ])
      expect(isEmail(bad), JSON.stringify(bad)).toBe(false);
  });

  it('is quick on long hostile input', () => {
    const start = performance.now();
    isEmail(`${'a.'.repeat(50_000)}@${'b-'.repeat(50_000)}`);
    expect(performance.now() - start).toBeLessThan(50);
  });
});

describe('text limits', () => {
  it('count UTF-16 code units, as the embedded server and maxlength do', () => {
    expect(textLength('𝔘')).toBe(2);
    expect(withinLimit('😀'.repeat(40), 80)).toBe(true);
    expect(withinLimit('😀'.repeat(41), 80)).toBe(false);
    const fields = { full_name: 'Ada', email: 'ada@example.com' };
    expect(fieldsSchema.safeParse({ ...fields, address: '𝔘'.repeat(512) }).success).toBe(true);
    expect(fieldsSchema.safeParse({ ...fields, address: '𝔘'.repeat(513) }).success).toBe(false);
  });
});
