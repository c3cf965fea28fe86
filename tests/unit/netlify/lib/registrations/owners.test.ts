// Who may act for a registration after it is made: the account its permissions name, or, for one the server wrote
// that nobody owns (a confirmed counter registration, a staff import), the account whose verified address it names.
// Never the `user_id` or `status` a device wrote.
import type { Models } from 'node-appwrite';
import { describe, expect, it } from 'vitest';
import { isVerifiedOwner } from '../../../../../netlify/lib/registrations/owners';
import { registrationOf, SERVER_MARK } from '../../../../../netlify/lib/registrations/registrations';

const NOW = '2026-11-20T10:00:00.000+00:00';
const doc = (permissions: string[], over: Record<string, unknown> = {}) =>
  registrationOf({
    $id: 'reg1',
    $collectionId: 'submissions',
    $databaseId: 'warranty',
    $createdAt: NOW,
    $updatedAt: NOW,
    $permissions: permissions,
    $sequence: 1,
    full_name: 'Carol Imported',
    email: 'Carol@Example.com',
    submitted_at: NOW,
    ...over,
  } as unknown as Models.Document);

const carol = { id: 'carol', email: 'carol@example.com', emailVerified: true };

describe('isVerifiedOwner', () => {
  it('is the account the permissions name, whatever user_id or e-mail the body claims', () => {
    const own = doc(['read("user:carol")'], { user_id: 'mallory', email: 'mallory@example.com' });
    expect(isVerifiedOwner(own, carol)).toBe(true);
    expect(isVerifiedOwner(own, { ...carol, id: 'mallory', email: 'mallory@example.com' })).toBe(false);
  });

  it('is, for an imported registration nobody owns, the account whose verified address it names', () => {
    const imported = doc([SERVER_MARK]);
    expect(isVerifiedOwner(imported, carol)).toBe(true);
    expect(isVerifiedOwner(imported, { ...carol, emailVerified: false })).toBe(false);
    expect(isVerifiedOwner(imported, { ...carol, id: 'eve', email: 'eve@example.com' })).toBe(false);
  });

  it('is nobody for a pending registration, or one nobody owns that the server did not write', () => {
    expect(isVerifiedOwner(doc([SERVER_MARK], { status: 'pending' }), carol)).toBe(false);
    expect(isVerifiedOwner(doc([]), carol)).toBe(false);
    expect(isVerifiedOwner(doc(['read("user:carol")', 'read("user:eve")']), carol)).toBe(false);
  });
});
