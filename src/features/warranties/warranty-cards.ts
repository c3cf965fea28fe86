// What one card on /warranties shows of a registration: its products, photos and dates, newest first, and what the
// server says of its claims and care (its current claim, whether it is still covered, its last inspection).
import { CLAIM_STATUSES, coverageEnded, lastInspection, RESOLUTIONS, type ClaimStatus } from '@/shared/claims/claim-texts';
import type { CustomerClaim } from '@/shared/contracts/claims';
import type { Warranty } from '@/shared/contracts/functions';
import { coveredUntil, formatDate, productLines, productsOf, registeredAt } from '@/shared/warranty';

/** The fields of a registration the card reads. */
export type RegistrationDoc = {
  $id: string;
  $createdAt?: string;
  submitted_at?: unknown;
  product_sku?: unknown;
  selected_product?: unknown;
  image_file_id?: unknown;
  status?: unknown;
};

/** The server's word on a registration's claims and care; absent for a card read without it. */
export type ClaimFacts = Pick<Warranty, 'claim' | 'covered' | 'can_report' | 'last_inspection'>;

/** The claim a card shows, in the customer's words. */
export type CardClaim = {
  id: string;
  number: string;
  status: ClaimStatus;
  /** "Submitted", "Needs information", … */
  statusText: string;
  /** The staff's question at "Needs information", the reason of a denial, the resolution of an approval ('' if none). */
  question: string;
  reason: string;
  resolution: string;
};

export type WarrantyCard = {
  id: string;
  /** Product lines ("Title (SKU …)" when known); "Photos of your piece" or "No product recorded" when none. */
  products: string[];
  photoIds: string[];
  registeredOn: string;
  coveredUntil: string;
  /** Still awaiting the e-mailed confirmation: no certificate yet. */
  pending: boolean;
  /** For ordering: when the registration was made (ms), 0 when unknown. */
  at: number;
} & Partial<ClaimCare>;

/** What a card says of claims and care, when the server said it. */
type ClaimCare = {
  claim: CardClaim | null;
  /** "Report a problem" is offered (the server's word: confirmed, still covered, no claim open). */
  canReport: boolean;
  /** "Coverage ended on {date}" once past coverage, else null. */
  coverageEnded: string | null;
  /** "Last inspection: {date}", or null without an inspection. */
  lastInspection: string | null;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export const photoIdsOf = (imageFileId: string): string[] =>
  imageFileId
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const claimOf = (c: CustomerClaim): CardClaim => ({
  id: c.id,
  number: c.number,
  status: c.status,
  statusText: CLAIM_STATUSES[c.status],
  question: c.question,
  reason: c.reason,
  resolution: (RESOLUTIONS as Record<string, string>)[c.resolution] ?? '',
});

function claimCareOf(facts: ClaimFacts, at: Date, pending: boolean): ClaimCare {
  const claim = facts.claim ? claimOf(facts.claim) : null;
  return {
    claim,
    canReport: !pending && facts.can_report,
    coverageEnded: facts.covered ? null : coverageEnded(formatDate(coveredUntil(at))),
    lastInspection: facts.last_inspection ? lastInspection(formatDate(facts.last_inspection)) : null,
  };
}

/** The card of one registration, or null for a document without any date (nothing to say about its coverage). */
export function cardOf(doc: RegistrationDoc, facts?: ClaimFacts): WarrantyCard | null {
  const at = registeredAt({ submitted_at: text(doc.submitted_at), $createdAt: doc.$createdAt });
  if (!at) return null;
  const pending = text(doc.status) === 'pending';
  const photoIds = photoIdsOf(text(doc.image_file_id));
  const named = productsOf({ product_sku: text(doc.product_sku), selected_product: text(doc.selected_product) });
  return {
    id: doc.$id,
    products: productLines(named, photoIds.length > 0),
    photoIds,
    registeredOn: `Registered on ${formatDate(at)}`,
    coveredUntil: `Covered until ${formatDate(coveredUntil(at))}`,
    pending,
    at: at.getTime(),
    ...(facts && claimCareOf(facts, at, pending)),
  };
}

/** A registration as listWarranties answers it (the server's facts), in the fields a card reads. */
export const docOf = (w: Warranty): RegistrationDoc => ({
  $id: w.id,
  submitted_at: w.submitted_at,
  product_sku: w.product_sku,
  selected_product: w.selected_product,
  image_file_id: w.photo_ids.join(','),
  status: w.status,
});

/** One card per registration, newest first; each with the server's claims and care facts when given. */
export const cardsOf = (docs: readonly RegistrationDoc[], facts: readonly (ClaimFacts | undefined)[] = []): WarrantyCard[] =>
  docs
    .map((doc, i) => cardOf(doc, facts[i]))
    .filter((c): c is WarrantyCard => c !== null)
    .sort((a, b) => b.at - a.at);

/** The certificate's file name, as the function names it. */
export const certificateName = (id: string) => `warranty-certificate-${id}.pdf`;
