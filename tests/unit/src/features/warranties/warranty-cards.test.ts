// The cards of /warranties: what each says of a stored registration, and their order.
import { describe, expect, it } from 'vitest';
import { cardOf, cardsOf, certificateName, photoIdsOf, type ClaimFacts } from '@/features/warranties/warranty-cards';

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

  const claim = (over: Record<string, unknown> = {}) =>
    ({
      id: 'c1',
      number: 'C-7KQ2MX',
      registration_id: 'r',
      status: 'submitted',
      problem: 'resizing',
      details: 'Too small.',
      delivery: 'mail',
      photo_ids: ['f'],
      store: '',
      opened_at: '2026-02-01T00:00:00Z',
      question: '',
      reason: '',
      resolution: '',
      ...over,
    }) as never;
  const doc = { $id: 'r', submitted_at: '2026-01-15T10:00:00.000Z', status: 'confirmed' };
  /** What the server says of `doc`: covered, no claim, none to report, no inspection; `over` in place. */
  const facts = (over: Partial<ClaimFacts> = {}): ClaimFacts => ({
    claim: null,
    covered: true,
    can_report: false,
    last_inspection: null,
    ...over,
  });

  it('offer "Report a problem" when the server says one may be made, and say the last inspection', () => {
    const card = cardOf(doc, facts({ can_report: true, last_inspection: '2026-07-04T23:30:00Z' }))!;
    expect(card).toMatchObject({ canReport: true, claim: null, coverageEnded: null, lastInspection: 'Last inspection: 4 July 2026' });
    expect(cardOf(doc, facts({ claim: claim({ status: 'closed' }), can_report: true }))!.canReport).toBe(true);
  });

  it('say when coverage ended instead, and offer no report when the server says none, nor while the registration is pending', () => {
    const ended = cardOf(doc, facts({ covered: false }))!;
    expect(ended).toMatchObject({ canReport: false, coverageEnded: 'Coverage ended on 15 January 2027', lastInspection: null });
    expect(cardOf({ ...doc, status: 'pending' }, facts({ can_report: true }))!.canReport).toBe(false);
    const open = cardOf(doc, facts({ claim: claim({ status: 'needs_information', question: 'Which finger?' }) }))!;
    expect(open.canReport).toBe(false);
    expect(open.claim).toMatchObject({ number: 'C-7KQ2MX', statusText: 'Needs information', question: 'Which finger?' });
  });

  it("say a claim's status, denial reason and resolution in the customer's words", () => {
    const approved = cardOf(doc, facts({ claim: claim({ status: 'approved', resolution: 'store_credit' }) }))!;
    expect(approved.claim).toMatchObject({ statusText: 'Approved', resolution: 'Store credit' });
    const denied = cardOf(doc, facts({ claim: claim({ status: 'denied', reason: 'Worn by use.' }) }))!;
    expect(denied.claim).toMatchObject({ statusText: 'Denied', reason: 'Worn by use.' });
    expect(cardsOf([doc], [facts({ claim: claim({ status: 'ready_for_pickup' }) })])[0]!.claim!.statusText).toBe('Ready for pickup');
  });
});
