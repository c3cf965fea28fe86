// The wizard's hand-written answer checks agree with the zod contracts: same values kept, same answers refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPlaceDetails, readPredictions, readProducts } from '@/features/wizard/answers';
import { placeDetailsResponseSchema, placesAutocompleteResponseSchema } from '@/shared/contracts/places';
import { productListSchema } from '@/shared/contracts/product';

const json = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const catalog = json('../../../../../src/shared/catalog/products.json') as Record<string, unknown>[];
const autocomplete = json('../../../../fixtures/google/autocomplete-ok.json') as { predictions: Record<string, unknown>[] };
const details = json('../../../../fixtures/google/details-ok.json') as { result: Record<string, unknown> };

const product = catalog[0]!;
const prediction = autocomplete.predictions[0]!;
const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const attempt = <T>(read: () => T): T | 'refused' => {
  try {
    return read();
  } catch {
    return 'refused';
  }
};

describe('products answer', () => {
  const cases: [string, unknown][] = [
    ['the bundled catalog', catalog],
    ['an empty list', []],
    ['extra keys', [{ ...product, vendor: 'x', variants: [{ sku: 'A', title: 'B', price: '1' }] }]],
    ['not a list', { products: catalog }],
    ['an empty id', [{ ...product, id: '' }]],
    ['an empty title', [{ ...product, title: '' }]],
    ['no sku', [without(product, 'sku')]],
    ['a number tag', [{ ...product, tags: [1] }]],
    ['a variant without title', [{ ...product, variants: [{ sku: 'A' }] }]],
    ['an image without src', [{ ...product, images: [{}] }]],
    ['null', null],
  ];
  it.each(cases)('%s: same as productListSchema', (_name, body) => {
    const zod = productListSchema.safeParse(body);
    expect(readProducts(body)).toEqual(zod.success ? zod.data : null);
  });
});

describe('places answers', () => {
  const suggestions: [string, unknown][] = [
    ['the recorded answer', autocomplete],
    ['zero results', json('../../../../fixtures/google/autocomplete-zero-results.json')],
    ['request denied', json('../../../../fixtures/google/autocomplete-request-denied.json')],
    ['no structured formatting', { status: 'OK', predictions: [without(prediction, 'structured_formatting')] }],
    ['structured formatting null', { status: 'OK', predictions: [{ ...prediction, structured_formatting: null }] }],
    ['an empty place id', { status: 'OK', predictions: [{ ...prediction, place_id: '' }] }],
    ['no predictions', { status: 'OK' }],
  ];
  it.each(suggestions)('suggestions, %s: same as placesAutocompleteResponseSchema', (_name, body) => {
    expect(attempt(() => readPredictions(body))).toEqual(attempt(() => placesAutocompleteResponseSchema.parse(body).predictions));
  });

  const places: [string, unknown][] = [
    ['the recorded answer', details],
    ['status NOT_FOUND', { ...details, status: 'NOT_FOUND' }],
    ['no formatted address', { status: 'OK', result: without(details.result, 'formatted_address') }],
    [
      'a component without types',
      { status: 'OK', result: { ...details.result, address_components: [{ long_name: 'a', short_name: 'a' }] } },
    ],
    ['no result', { status: 'OK' }],
  ];
  it.each(places)('details, %s: same as placeDetailsResponseSchema', (_name, body) => {
    expect(attempt(() => readPlaceDetails(body))).toEqual(attempt(() => placeDetailsResponseSchema.parse(body).result));
  });

  it('refuses with a message naming the answer', () => {
    expect(() => readPredictions({ status: 'REQUEST_DENIED', predictions: [] })).toThrow('Unexpected address suggestions answer.');
  });
});
