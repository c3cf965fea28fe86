// What one card on /warranties shows of a registration: its products, photos and dates, newest first.
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
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export const photoIdsOf = (imageFileId: string): string[] =>
  imageFileId
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The card of one registration, or null for a document without any date (nothing to say about its coverage). */
export function cardOf(doc: RegistrationDoc): WarrantyCard | null {
  const at = registeredAt({ submitted_at: text(doc.submitted_at), $createdAt: doc.$createdAt });
  if (!at) return null;
  const photoIds = photoIdsOf(text(doc.image_file_id));
  const named = productsOf({ product_sku: text(doc.product_sku), selected_product: text(doc.selected_product) });
  return {
    id: doc.$id,
    products: productLines(named, photoIds.length > 0),
    photoIds,
    registeredOn: `Registered on ${formatDate(at)}`,
    coveredUntil: `Covered until ${formatDate(coveredUntil(at))}`,
    pending: text(doc.status) === 'pending',
    at: at.getTime(),
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

/** One card per registration, newest first. */
export const cardsOf = (docs: readonly RegistrationDoc[]): WarrantyCard[] =>
  docs
    .map(cardOf)
    .filter((c): c is WarrantyCard => c !== null)
    .sort((a, b) => b.at - a.at);

/** The certificate's file name, as the function names it. */
export const certificateName = (id: string) => `warranty-certificate-${id}.pdf`;
