// What the e-mails to customers share: the address of the customer's page of warranties, which the confirmation and
// the reminder link to, and text made safe for HTML, for every message's HTML part.

/** The customer's page of warranties under the site's public address (kept under a path, if it has one). */
export function warrantiesUrl(publicUrl: string): string {
  let base: URL;
  try {
    base = new URL(publicUrl);
  } catch {
    throw new RangeError('The public URL is not a URL.');
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new RangeError('The public URL is not an http(s) URL.');
  if (base.username || base.password) throw new RangeError('The public URL must not carry credentials.');
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL('warranties', base).href;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
