// Which stored rows the product-fields migration changes, and to what: only rows whose product_sku is nothing but
// catalog titles and whose selected_product is empty.
import { describe, expect, it } from 'vitest';
import { migratedProductFields } from '../../../../../netlify/lib/registrations/product-fields';
import type { Product } from '../../../../../src/shared/contracts/product';

const product = (title: string, sku: string): Product => ({
  id: sku || title,
  title,
  handle: '',
  sku,
  product_type: '',
  tags: [],
  variants: [],
  images: [],
});
const CATALOG = [product('Greta Sapphire Solitaire Ring', 'RNG-1009-RG-6'), product('Ring, 18K Gold', 'RNG-C'), product('Plain Band', '')];

describe('migratedProductFields', () => {
  it('gives comma-joined titles their SKUs and titles, in the same order, titles with commas kept whole', () => {
    expect(migratedProductFields({ product_sku: 'ring, 18k gold, greta sapphire solitaire ring', selected_product: '' }, CATALOG)).toEqual({
      product_sku: 'RNG-C, RNG-1009-RG-6',
      selected_product: 'Ring, 18K Gold, Greta Sapphire Solitaire Ring',
    });
    expect(migratedProductFields({ product_sku: 'Plain Band', selected_product: '' }, CATALOG)).toEqual({
      product_sku: 'Plain Band',
      selected_product: 'Plain Band',
    });
  });

  it('leaves typed text, SKUs, mixed text, rows without products and rows already migrated alone', () => {
    for (const fields of [
      { product_sku: 'a ring from my aunt', selected_product: '' },
      { product_sku: 'RNG-1009-RG-6', selected_product: '' },
      { product_sku: 'Greta Sapphire Solitaire Ring, something else', selected_product: '' },
      { product_sku: ' , ', selected_product: '' },
      { product_sku: 'RNG-1009-RG-6', selected_product: 'Greta Sapphire Solitaire Ring' },
    ])
      expect(migratedProductFields(fields, CATALOG)).toBeNull();
  });
});
