// The bundled catalog (scripts/make-catalog.ts), served when no Shopify store is set.
import data from '../../../src/shared/catalog/products.json' with { type: 'json' };
import { productListSchema, type Product } from '../../../src/shared/contracts/product';

let products: Product[] | undefined;

/** The bundled products, checked against the contract once per process. */
export const bundledCatalog = (): Product[] => (products ??= productListSchema.parse(data));
