/**
 * The mark start.html carries on a first visit: its heading font is asked for once the page has painted (its first
 * script lifts the mark), so nothing but the stylesheet stands before the first paint. The service worker's copy
 * drops it: the font is precached, so the first paint has it. src/styles.css reads the attribute.
 */
export const FONT_AFTER_PAINT_ATTRIBUTE = 'data-font-after-paint';
