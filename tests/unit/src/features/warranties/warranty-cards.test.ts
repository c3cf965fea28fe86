// The cards of /warranties: what each says of a stored registration, and their order.
import { describe, expect, it } from 'vitest';
import { cardOf, cardsOf, certificateName, photoIdsOf } from '@/features/warranties/warranty-cards';

describe('warranty cards', () => {
  it('say the products, photos and both dates of a registration', () => {
    expect(
      cardOf({
        $id: 'r1',
        $createdAt: '2024-03-02T09:00:00.000Z', // it arrived two days after it was made
        submitted_at: '2024-02-29T22:00:00.000Z',
        product_sku: 'Aurora Pendant, Celeste Ring',
        selected_product: '',
        image_file_id: 'f1, f2,',
        status: 'confirmed',
      }),
    ).toEqual({
      id: 'r1',
      products: ['Aurora Pendant', 'Celeste Ring'],
      photoIds: ['f1', 'f2'],
      registeredOn: 'Registered on 29 February 2024',
      coveredUntil: 'Covered until 28 February 2025',
      pending: false,
      at: Date.parse('2024-02-29T22:00:00.000Z'),
    });
  });

  it('name photos-only and empty registrations, and fall back to the creation date', () => {
    const photos = cardOf({ $id: 'p', $createdAt: '2026-01-15T10:00:00.000Z', submitted_at: '', image_file_id: 'f1' })!;
    expect(photos.products).toEqual(['Photos of your piece']);
    expect(photos.registeredOn).toBe('Registered on 15 January 2026');
    expect(cardOf({ $id: 'e', submitted_at: '2026-01-15T10:00:00.000Z' })!.products).toEqual(['No product recorded']);
  });

  it('mark a registration awaiting its e-mail confirmation, and leave out one with no date at all', () => {
    expect(cardOf({ $id: 'w', submitted_at: '2026-01-01T00:00:00Z', status: 'pending' })!.pending).toBe(true);
    expect(cardOf({ $id: 'x', submitted_at: 'not a date' })).toBeNull();
    expect(cardOf({ $id: 'y', submitted_at: 42 })).toBeNull();
  });

  it('put the newest registration first', () => {
    const ids = cardsOf([
      { $id: 'old', submitted_at: '2025-01-01T00:00:00Z' },
      { $id: 'new', submitted_at: '2026-06-01T00:00:00Z' },
      { $id: 'bad', submitted_at: '' },
      { $id: 'mid', submitted_at: '2025-09-01T00:00:00Z' },
    ]).map((c) => c.id);
    expect(ids).toEqual(['new', 'mid', 'old']);
  });

  it('split photo ids and name the certificate as the function does', () => {
    expect(photoIdsOf('')).toEqual([]);
    expect(photoIdsOf(' a ,b')).toEqual(['a', 'b']);
    expect(certificateName('abc')).toBe('warranty-certificate-abc.pdf');
  });
});
