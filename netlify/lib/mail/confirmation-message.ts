// The confirmation e-mail of a registration (DESIGN.md "After the registration"): subject "Your warranty is
// registered", the customer's name, the products (or "Photos of your piece"), "Registered on {date}", "Covered until
// {date}", a link to /warranties, plain-text and HTML parts, and the certificate attached as
// warranty-certificate-{id}.pdf. This builds the message; sending it, once, is ./after-registration.ts's work.
import type { Product } from '../../../src/shared/contracts/product';
import type { Submission } from '../../../src/shared/contracts/submission';
import { coveredUntil, formatDate, oneLine, productLines, WARRANTY_TERMS } from '../../../src/shared/warranty';
import { certificateFilename, certificateInputOf, makeCertificate } from '../certificate/pdf';
import { escapeHtml, greetingOf, warrantiesUrl } from './message-parts';
import type { OutgoingMail } from './send';

export const CONFIRMATION_SUBJECT = 'Your warranty is registered';

/** A confirmation e-mail always has its HTML part and the certificate attached. */
export type ConfirmationMail = Required<OutgoingMail>;

const DEFAULT_ACCENT = '#9a7b4f';

/**
 * The confirmation e-mail for a stored registration, its certificate attached.
 * `catalog` gives each product title its SKU (the bundled catalog, or the shop's products when at hand).
 * @throws RangeError when the public URL is unusable or the registration has no date or a malformed id.
 */
export async function confirmationMail(opts: {
  record: Submission & { store?: string };
  brand: { name: string; accent?: string };
  publicUrl: string;
  catalog?: readonly Product[];
}): Promise<ConfirmationMail> {
  const { record, brand } = opts;
  const link = warrantiesUrl(opts.publicUrl);
  const input = certificateInputOf(record, brand, opts.catalog);
  const certificate = await makeCertificate(input);
  const filename = certificateFilename(record.$id);

  const brandName = oneLine(brand.name);
  const products = productLines(input.products, input.hasPhotos);
  const registered = `Registered on ${formatDate(input.submittedAt)}`;
  const covered = `Covered until ${formatDate(coveredUntil(input.submittedAt))}`;
  const store = input.store ? oneLine(input.store) : '';
  const greeting = greetingOf(record.full_name);
  const thanks = `Thank you for registering your purchase with ${brandName}. Your complimentary warranty is registered.`;
  const attached = `Your warranty certificate is attached (${filename}).`;
  const see = 'See your warranties and download the certificate at any time:';

  const text = [
    greeting,
    '',
    thanks,
    '',
    products.length === 1 ? 'Product:' : 'Products:',
    ...products.map((p) => `- ${p}`),
    '',
    registered,
    covered,
    ...(store ? [`Store: ${store}`] : []),
    `Registration ID: ${record.$id}`,
    '',
    attached,
    see,
    link,
    '',
    WARRANTY_TERMS,
    '',
    brandName,
    '',
  ].join('\n');

  const accent = /^#[0-9a-f]{6}$/i.test(brand.accent ?? '') ? brand.accent! : DEFAULT_ACCENT;
  const e = escapeHtml;
  const p = (content: string, style = '') => `<p style="margin:0 0 14px;${style}">${content}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(CONFIRMATION_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#faf8f4;color:#2b2b2b;font-family:Georgia,'Times New Roman',serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid ${accent};padding:32px">
${p(e(brandName.toUpperCase()), `color:${accent};letter-spacing:3px;font-size:13px`)}
<h1 style="margin:0 0 20px;font-size:26px;font-weight:600">${e(CONFIRMATION_SUBJECT)}</h1>
${p(e(greeting))}
${p(e(thanks))}
${p(e(products.length === 1 ? 'Product:' : 'Products:'), 'margin-bottom:4px')}
<ul style="margin:0 0 14px;padding-left:20px">${products.map((x) => `<li>${e(x)}</li>`).join('')}</ul>
${p(`${e(registered)}<br><strong>${e(covered)}</strong>${store ? `<br>${e(`Store: ${store}`)}` : ''}<br>${e(`Registration ID: ${record.$id}`)}`)}
${p(e(attached))}
${p(`${e(see)}<br><a href="${e(link)}" style="color:${accent}">${e(link)}</a>`)}
${p(e(WARRANTY_TERMS), 'color:#675f57;font-size:13px')}
${p(e(brandName), 'margin:0')}
</div>
</body>
</html>
`;

  return {
    to: record.email,
    subject: CONFIRMATION_SUBJECT,
    text,
    html,
    attachments: [{ filename, contentType: 'application/pdf', content: certificate }],
  };
}
