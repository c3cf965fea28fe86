/**
 * The only preview sizes the storage makes (0: keep that side in proportion), so its preview cache stays bounded.
 * These are the sizes the app shows: 100 px table thumbnails and their 2x, the 120 px dialog photo and its 2x.
 */
export const PREVIEW_SIZES = [0, 100, 120, 200, 240, 400, 480, 800] as const;

/** The smallest allowed preview at least `width` wide (the largest when none is). */
export const previewSizeFor = (width: number): number => PREVIEW_SIZES.find((s) => s >= width) ?? PREVIEW_SIZES[PREVIEW_SIZES.length - 1]!;
