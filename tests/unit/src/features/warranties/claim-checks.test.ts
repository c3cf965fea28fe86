// The report and reply forms' checks: the server's rules and words, before anything is kept or sent.
import { describe, expect, it } from 'vitest';
import {
  charactersUsed,
  CHOOSE_DELIVERY,
  CHOOSE_PROBLEM,
  replyError,
  reportErrors,
  TOO_LONG,
  WRITE_REPLY,
} from '@/features/warranties/claim-checks';

const complete = { problem: 'resizing', details: 'Too small for my finger.', delivery: 'store', photoCount: 1 } as const;

describe('a report', () => {
  it('needs every answer, each with its own message', () => {
    expect(reportErrors({ problem: '', details: '  \n ', delivery: '', photoCount: 0 })).toEqual({
      problem: CHOOSE_PROBLEM,
      details: 'Tell us what happened.',
      photos: 'Add at least one photo of the problem.',
      delivery: CHOOSE_DELIVERY,
    });
    expect(reportErrors(complete)).toEqual({});
  });

  it('takes up to 2,000 characters, counted as the server counts them, and 1 to 5 photos', () => {
    expect(reportErrors({ ...complete, details: 'x'.repeat(2000) })).toEqual({});
    expect(reportErrors({ ...complete, details: 'x'.repeat(2001) })).toEqual({ details: TOO_LONG });
    // "𝔘" is two UTF-16 units, as the embedded server counts it.
    expect(reportErrors({ ...complete, details: '𝔘'.repeat(1001) })).toEqual({ details: TOO_LONG });
    expect(reportErrors({ ...complete, photoCount: 5 })).toEqual({});
    expect(reportErrors({ ...complete, photoCount: 6 })).toEqual({ photos: 'Add at most 5 photos.' });
    expect(TOO_LONG).toBe('Keep it to 2,000 characters.');
    expect(charactersUsed(' ab ')).toBe('2 of 2,000 characters');
  });
});

describe('a reply', () => {
  it('needs words; its photos are optional, at most 5', () => {
    expect(replyError(' ', 0)).toEqual({ message: WRITE_REPLY });
    expect(replyError('The left side.', 0)).toEqual({});
    expect(replyError('The left side.', 6)).toEqual({ photos: 'Add at most 5 photos.' });
  });
});
