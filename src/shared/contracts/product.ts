// A product as the products function returns it (SPEC.md section 3).
import { z } from 'zod';

export const productVariantSchema = z.object({ sku: z.string(), title: z.string() });

export const productSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  handle: z.string(),
  sku: z.string(), // the first variant's SKU; empty when the shop has none
  product_type: z.string(),
  tags: z.array(z.string()),
  variants: z.array(productVariantSchema),
  images: z.array(z.object({ src: z.string() })),
});

/**
 * The products call's whole answer.
 * @example const products = productListSchema.parse(await res.json());
 */
export const productListSchema = z.array(productSchema);

export type ProductVariant = z.infer<typeof productVariantSchema>;
export type Product = z.infer<typeof productSchema>;
