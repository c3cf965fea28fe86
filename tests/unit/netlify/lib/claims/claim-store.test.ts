// Stored claims and events read back as typed records: the owner from the permissions alone, the photo list, an
// internal note told apart, and the folding staff search uses ("Núñez" is found as "nunez").
import type { Models } from 'node-appwrite';
import { describe, expect, it } from 'vitest';
import { claimOf, customerView, eventOf, folded, ownerIn, readableBy } from '../../../../../netlify/lib/claims/store';

const meta = (id: string, permissions: string[]) => ({
  $id: id,
  $collectionId: 'claims',
  $databaseId: 'warranty',
  $createdAt: '2026-11-20T10:00:00.000+00:00',
  $updatedAt: '2026-11-21T10:00:00.000+00:00',
  $permissions: permissions,
  $sequence: 1,
});

describe('ownerIn', () => {
  it('names the one account of the permissions, and nobody for none or several', () => {
    expect(ownerIn(['read("user:ada")'])).toBe('ada');
    expect(ownerIn(['read("user:ada")', 'read("label:server")', 'update("user:ada/verified")'])).toBe('ada');
    expect(ownerIn([])).toBeNull();
    expect(ownerIn(['read("user:ada")', 'read("user:eve")'])).toBeNull();
    expect(ownerIn(['read("any")'])).toBeNull();
  });

  it('readableBy gives read to the owner alone, or nothing', () => {
    expect(readableBy('ada')).toEqual(['read("user:ada")']);
    expect(readableBy(null)).toEqual([]);
  });
});

describe('claimOf', () => {
  const doc = {
    ...meta('c1', ['read("user:ada")']),
    number: 'C-7KQ2MX',
    registration_id: 'reg1',
    status: 'needs_information',
    problem: 'resizing',
    details: 'Too small.',
    delivery: 'mail',
    photo_ids: 'p1,p2',
    store: '',
    opened_at: '2026-11-20T10:00:00.000+00:00',
    question: 'Which finger?',
    reason: null,
    resolution: null,
    ended_at: null,
    open: true,
    search: 'c-7kq2mx ada ada@example.com',
  } as unknown as Models.Document;

  it('reads the claim, its owner and photos; the customer’s view leaves out what only staff need', () => {
    const { claim, owner } = claimOf(doc);
    expect(owner).toBe('ada');
    expect(claim).toMatchObject({ id: 'c1', photo_ids: ['p1', 'p2'], reason: '', resolution: '', ended_at: null });
    expect(claim.updated_at).toBe('2026-11-21T10:00:00.000+00:00');
    const seen = customerView(claim);
    expect(seen).not.toHaveProperty('ended_at');
    expect(seen).not.toHaveProperty('updated_at');
    expect(seen).not.toHaveProperty('search');
    expect(seen.question).toBe('Which finger?');
  });

  it('tells an internal note from a step the customer sees', () => {
    const event = (action: string, permissions: string[]) =>
      eventOf({
        ...meta('e1', permissions),
        claim_id: 'c1',
        action,
        by_role: 'staff',
        by_name: 's@x',
        at: 'now',
        status_after: 'submitted',
      } as never);
    expect(event('note', []).internal).toBe(true);
    expect(event('ask', ['read("user:ada")'])).toMatchObject({ internal: false, message: '', photo_ids: [], resolution: '' });
  });
});

describe('folded', () => {
  it('drops case and accents', () => {
    expect(folded('Émilie NÚÑEZ')).toBe('emilie nunez');
    expect(folded('C-7KQ2MX')).toBe('c-7kq2mx');
  });
});
