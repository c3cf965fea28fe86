// What one card on /warranties shows of a stored registration: its products, photos and dates, newest first.
import { coveredUntil, formatDate, productLines, productsOf, registeredAt } from '@/shared/warranty';

/** The fields of a submission document the card reads (as the web SDK hands them over). */
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

/** One card per registration, newest first. */
export const cardsOf = (docs: readonly RegistrationDoc[]): WarrantyCard[] =>
  docs
    .map(cardOf)
    .filter((c): c is WarrantyCard => c !== null)
    .sort((a, b) => b.at - a.at);

/** The certificate's file name, as the function names it. */
export const certificateName = (id: string) => `warranty-certificate-${id}.pdf`;
