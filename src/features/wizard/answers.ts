// The products and places answers checked by hand, the same rules as the zod contracts
// in src/shared/contracts (tests/unit/src/features/wizard/answers.test.ts holds them together), so zod stays out of the customer's bundle.
import type { PlaceDetails, PlacePrediction } from '@/shared/contracts/places';
import type { Product } from '@/shared/contracts/product';

type Obj = Record<string, unknown>;

export class AnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected ${what} answer.`);
    this.name = 'AnswerError';
  }
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isFilled = (v: unknown): v is string => isText(v) && v.length > 0;
const isTexts = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);
const listOf = <T>(v: unknown, read: (x: unknown) => T | null): T[] | null => {
  if (!Array.isArray(v)) return null;
  const out = v.map(read);
  return out.every((x) => x !== null) ? (out as T[]) : null;
};

function readProduct(v: unknown): Product | null {
  if (
    !isObj(v) ||
    !isFilled(v.id) ||
    !isFilled(v.title) ||
    !isText(v.handle) ||
    !isText(v.sku) ||
    !isText(v.product_type) ||
    !isTexts(v.tags)
  )
    return null;
  const variants = listOf(v.variants, (x) => (isObj(x) && isText(x.sku) && isText(x.title) ? { sku: x.sku, title: x.title } : null));
  const images = listOf(v.images, (x) => (isObj(x) && isText(x.src) ? { src: x.src } : null));
  if (!variants || !images) return null;
  return { id: v.id, title: v.title, handle: v.handle, sku: v.sku, product_type: v.product_type, tags: [...v.tags], variants, images };
}

/** The catalog from GET /.netlify/functions/products, or null when the answer is not a product list. */
export const readProducts = (body: unknown): Product[] | null => listOf(body, readProduct);

function readPrediction(v: unknown): PlacePrediction | null {
  if (!isObj(v) || !isFilled(v.place_id) || !isText(v.description)) return null;
  const f = v.structured_formatting;
  if (f === undefined) return { place_id: v.place_id, description: v.description };
  if (!isObj(f) || !isText(f.main_text) || !isText(f.secondary_text)) return null;
  return {
    place_id: v.place_id,
    description: v.description,
    structured_formatting: { main_text: f.main_text, secondary_text: f.secondary_text },
  };
}

/** The suggestions of a googleplaces answer; throws AnswerError on any other shape. */
export function readPredictions(body: unknown): PlacePrediction[] {
  const predictions =
    isObj(body) && (body.status === 'OK' || body.status === 'ZERO_RESULTS') ? listOf(body.predictions, readPrediction) : null;
  if (!predictions) throw new AnswerError('address suggestions');
  return predictions;
}

/** The place of a googleplacesdetails answer; throws AnswerError on any other shape. */
export function readPlaceDetails(body: unknown): PlaceDetails {
  const r = isObj(body) && body.status === 'OK' && isObj(body.result) ? body.result : null;
  const components =
    r &&
    listOf(r.address_components, (c) =>
      isObj(c) && isText(c.long_name) && isText(c.short_name) && isTexts(c.types)
        ? { long_name: c.long_name, short_name: c.short_name, types: [...c.types] }
        : null,
    );
  if (!r || !components || !isText(r.formatted_address)) throw new AnswerError('address details');
  return { address_components: components, formatted_address: r.formatted_address };
}
