// What the queue indicators say: counts by status, the most recent failure, and each record's reason in words.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/db/types';
import { customerReason, reasonOf, refusalOf, summarize } from '@/features/outbox/outbox-summary';
import { queuedEntry } from '@/db/queued-entry';
import { registrationFields } from '../../../../helpers/fixtures';

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  ...queuedEntry({
    id: crypto.randomUUID(),
    userId: 'u1',
    fields: registrationFields(),
    submittedAt: '2026-01-01T00:00:00.000Z',
    files: [],
    createdAt: 0,
  }),
  ...over,
});

describe('summarize', () => {
  it('counts what the server does not have yet, and picks the latest failure', () => {
    const s = summarize([
      entry({ status: 'pending', lastError: 'Failed to fetch', lastErrorKind: 'network', failedAt: 5 }),
      entry({ status: 'sending' }),
      entry({ status: 'rejected', lastError: 'Invalid document structure', lastErrorKind: 'rejected', failedAt: 9 }),
      entry({ status: 'sent', lastError: 'Shopify: down', failedAt: 99 }),
    ]);
    expect(s).toMatchObject({ waiting: 3, pending: 1, sending: 1, needsSignIn: 0, rejected: 1, handOff: 1 });
    // The server's own words are technical: people read what was refused, plainly (issue 22).
    expect(s.lastError?.reason).toBe('The server did not accept it.');
    expect(customerReason(s)).toBe('The server did not accept it.');
  });

  it('asks the customer to verify when a record waits for sign-in', () => {
    const s = summarize([
      entry({ status: 'needs-sign-in', lastError: 'Please log in again. Your session has expired.', lastErrorKind: 'auth', failedAt: 1 }),
    ]);
    expect(customerReason(s)).toBe('Verify your email to send it.');
    expect(customerReason(summarize([s.lastError!.entry, { ...s.lastError!.entry, id: 'x' }]))).toBe('Verify your email to send them.');
    expect(reasonOf(s.lastError!.entry)).toMatch(/^Needs sign-in/);
  });

  it('says offline for a network failure and nothing for a fresh record', () => {
    expect(reasonOf(entry({ lastError: 'Failed to fetch', lastErrorKind: 'network' }))).toBe('Offline: the server could not be reached.');
    expect(reasonOf(entry({}))).toBeNull();
    expect(customerReason(summarize([entry({ lastError: 'Failed to fetch', lastErrorKind: 'network', failedAt: 1 })]))).toBe(
      'Offline. Sends automatically later.',
    );
  });
});

describe('refusalOf', () => {
  const refused = (over: Partial<OutboxEntry>) => entry({ status: 'rejected', lastErrorKind: 'rejected', failedAt: 1, ...over });

  it("says which field is over the server's limit, never the server's words", () => {
    const e = refused({
      fields: { ...registrationFields(), full_name: 'A'.repeat(452) },
      lastError:
        'Invalid document structure: Attribute "full_name" has invalid format. Value must be a valid string and no longer than 255 chars',
    });
    expect(refusalOf(e, 'your')).toBe('Your full name is longer than the 255 characters the server takes.');
    expect(reasonOf(e)).toBe('The full name is longer than the 255 characters the server takes.');
  });

  it('names the field the server names, and keeps words written for people', () => {
    const named = refused({ lastError: 'Invalid `email` param: Value must be a valid email address' });
    expect(refusalOf(named, 'your')).toBe('The server did not accept your email address.');
    const photo = refused({
      lastError: 'The given file type is not supported: the content is text/plain, not one of jpg, jpeg, png, webp',
    });
    expect(refusalOf(photo, 'your')).toBe('The server did not accept one of your photos.');
    expect(reasonOf(photo)).toBe('The server did not accept one of the photos.');
    expect(refusalOf(refused({ lastError: 'A photo of this registration is no longer on this device.' }), 'your')).toBe(
      'A photo of this registration is no longer on this device.',
    );
  });
});
