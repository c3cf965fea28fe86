// The fields staff edit in the Edit Submission dialog, with their labels (SPEC.md section 4), in the order shown.
export const FIELDS = [
  ['full_name', 'Full Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['selected_product', 'Product'],
  ['product_sku', 'Product SKU (optional)'],
] as const;
export type Field = (typeof FIELDS)[number][0];
