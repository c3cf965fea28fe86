// The reminder e-mail of a registration, sent once 30 days before its coverage ends (DESIGN.md "After the
// registration"): subject "Your warranty ends soon", the customer's name, the products, "Covered until {date}" and a
// link to /warranties, in plain text and HTML. This builds the message; sending it, once, is ./after-registration.ts's
// work, when ./sweep.ts finds it due.
import type { Submission } from '../../../src/shared/contracts/submission';
import { coveredUntil, formatDate, oneLine, productLines, productsOf } from '../../../src/shared/warranty';
import { bundledCatalog } from '../products/catalog';
import { escapeHtml, warrantiesUrl } from './message-parts';
import type { OutgoingMail } from './send';

export const REMINDER_SUBJECT = 'Your warranty ends soon';

/** The reminder 30 days before coverage ends: the name, the products, "Covered until {date}" and /warranties. */
export function reminderMail(record: Submission, brandName: string, publicUrl: string): OutgoingMail {
  const link = warrantiesUrl(publicUrl);
  const name = oneLine(record.full_name);
  const products = productLines(productsOf(record, bundledCatalog()), Boolean(record.image_file_id.trim()));
  const covered = `Covered until ${formatDate(coveredUntil(record.submitted_at))}`;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const intro = `The complimentary warranty of your purchase with ${oneLine(brandName)} ends soon.`;
  const see = 'See your warranties and download the certificate at any time:';
  const label = products.length === 1 ? 'Product:' : 'Products:';
  const text = [
    greeting,
    '',
    intro,
    '',
    label,
    ...products.map((p) => `- ${p}`),
    '',
    covered,
    '',
    see,
    link,
    '',
    oneLine(brandName),
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(REMINDER_SUBJECT)}</title></head>
<body style="font-family:Georgia,'Times New Roman',serif;color:#2b2b2b">
<h1 style="font-size:24px">${e(REMINDER_SUBJECT)}</h1>
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<p>${e(label)}</p>
<ul>${products.map((p) => `<li>${e(p)}</li>`).join('')}</ul>
<p><strong>${e(covered)}</strong></p>
<p>${e(see)}<br><a href="${e(link)}">${e(link)}</a></p>
<p>${e(oneLine(brandName))}</p>
</body></html>
`;
  return { to: record.email, subject: REMINDER_SUBJECT, text, html };
}
