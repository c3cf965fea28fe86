// What the e-mails to customers share: the address of the customer's page of warranties, which every message links
// to, text made safe for HTML, for every message's HTML part, the greeting, and the frame of the short messages (the
// reminder, the care reminder and the claim update), in plain text and HTML.
import { oneLine } from '../../../src/shared/warranty';
import type { OutgoingMail } from './send';

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

/** "Hello {name}," with the customer's name on one line, or "Hello," without one. */
export function greetingOf(fullName: string): string {
  const name = oneLine(fullName);
  return name ? `Hello ${name},` : 'Hello,';
}

/** A short message to a customer, from the greeting down to the brand's name. */
export type ShortMessage = {
  to: string;
  subject: string;
  /** The customer's name as stored. */
  name: string;
  /** The opening paragraph's sentences: a line each in the text, one paragraph in the HTML. */
  intro: readonly string[];
  /** The product lines, under "Product:" or "Products:". */
  products: readonly string[];
  /** The line that stands out under the products: the coverage, or the claim's status. */
  standout: string;
  /** A labelled line after it, when there is one: its line breaks are kept in the HTML. */
  detail?: { label: string; text: string } | null;
  /** The words before the link to /warranties. */
  see: string;
  /** The link to /warranties (warrantiesUrl). */
  link: string;
  brandName: string;
};

/** The short message in plain text and HTML. */
export function shortMail(m: ShortMessage): OutgoingMail {
  const greeting = greetingOf(m.name);
  const brandLine = oneLine(m.brandName);
  const label = m.products.length === 1 ? 'Product:' : 'Products:';
  const detail = m.detail;
  const text = [
    greeting,
    '',
    ...m.intro,
    '',
    label,
    ...m.products.map((p) => `- ${p}`),
    '',
    m.standout,
    ...(detail ? [`${detail.label} ${detail.text}`] : []),
    '',
    m.see,
    m.link,
    '',
    brandLine,
    '',
  ].join('\n');
  const e = escapeHtml;
  // Staff's words keep their line breaks.
  const lines = (s: string) => s.split(/\r?\n/).map(e).join('<br>');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(m.subject)}</title></head>
<body style="font-family:Georgia,'Times New Roman',serif;color:#2b2b2b">
<h1 style="font-size:24px">${e(m.subject)}</h1>
<p>${e(greeting)}</p>
<p>${m.intro.map(e).join(' ')}</p>
<p>${e(label)}</p>
<ul>${m.products.map((p) => `<li>${e(p)}</li>`).join('')}</ul>
<p><strong>${e(m.standout)}</strong></p>
${detail ? `<p>${e(detail.label)}<br>${lines(detail.text)}</p>\n` : ''}<p>${e(m.see)}<br><a href="${e(m.link)}">${e(m.link)}</a></p>
<p>${e(brandLine)}</p>
</body></html>
`;
  return { to: m.to, subject: m.subject, text, html };
}
