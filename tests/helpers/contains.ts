// What the tests of e-mails ask of a message: that each of its phrases stands in it.
import { expect } from 'vitest';

/** Expects each of `phrases` to stand in `text`, one expectation each. */
export function expectEach(text: string | undefined, phrases: readonly string[]) {
  for (const phrase of phrases) expect(text).toContain(phrase);
}
