// The jewelry categories step 6 filters by, and the words that place a product in one.
export const CATEGORIES = {
  all: { label: 'All jewelry', words: [] as string[] },
  necklace: { label: 'Necklaces', words: ['necklace', 'pendant', 'choker'] },
  earring: { label: 'Earrings', words: ['earring', 'hoop', 'stud'] },
  bracelet: { label: 'Bracelets', words: ['bracelet', 'bangle'] },
  ring: { label: 'Rings', words: ['ring'] },
} as const;

export type Category = keyof typeof CATEGORIES;

export const isCategory = (v: unknown): v is Category => typeof v === 'string' && Object.hasOwn(CATEGORIES, v);
