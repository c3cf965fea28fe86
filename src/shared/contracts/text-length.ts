// How long a text is, for every length limit the app checks: free of zod, so the wizard counts as the functions do.
//
// Limits count UTF-16 code units, as the embedded server's attribute sizes and the browser's `maxlength` do. zod's
// `.max` counts code points (an emoji is one, not two) and Appwrite Cloud counts code points too, so a text zod let
// through could still be refused by the embedded server ("𝔘" is one code point, two units). Counting units is the
// stricter of the two: a text within a limit here is within it everywhere.

/** The length a limit is held to (UTF-16 code units). */
export const textLength = (text: string): number => text.length;

/** Whether `text` is within a limit of `max`. */
export const withinLimit = (text: string, max: number): boolean => textLength(text) <= max;
