// A claim's number, made on the device so it shows at once, offline too: "C-" and six letters or digits from an
// alphabet without 0/O and 1/I (read aloud at a counter or over the phone without doubt).
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const LENGTH = 6;
export const CLAIM_NUMBER_PATTERN = /^C-[2-9A-HJ-NP-Z]{6}$/;

/** A fresh claim number. 32 letters divide 256, so every byte maps to one letter without bias. */
export function newClaimNumber(randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  let digits = '';
  for (const byte of randomBytes(LENGTH)) digits += ALPHABET[byte % ALPHABET.length];
  return `C-${digits}`;
}

/** The number as a person may type it ("c-7kq 2mx", "C7KQ2MX") in the form it is stored, or null. */
export function readClaimNumber(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  const number = compact.startsWith('C') && compact.length === LENGTH + 1 ? `C-${compact.slice(1)}` : '';
  return CLAIM_NUMBER_PATTERN.test(number) ? number : null;
}
