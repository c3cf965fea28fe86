// The e-mail for a staff step on a claim that the customer sees (DESIGN.md "Claims and care"): subject "Update on your
// claim {number}", the claim number, the product, the new status in the customer's words, the question, reason or
// resolution the step carries, and a link to /warranties, in plain text and HTML. This builds the message; sending
// it, once per step, is ./claim-update.ts's work.
import { CLAIM_STATUSES, RESOLUTIONS, claimUpdateSubject, type ClaimStatus } from '../../../src/shared/claims/claim-texts';
import { oneLine } from '../../../src/shared/warranty';
import { escapeHtml, warrantiesUrl } from './message-parts';
import type { OutgoingMail } from './send';

export type ClaimUpdate = {
  /** The claim owner's verified address. */
  to: string;
  number: string;
  /** The registration's product lines. */
  products: readonly string[];
  /** The step: its action, the status it led to, and what it carries. */
  action: string;
  status: ClaimStatus;
  message: string;
  resolution: string;
  name: string;
};

/** The line saying what the step carries, when it carries something: the question, the reason or the resolution. */
function detailOf(u: ClaimUpdate): { label: string; text: string } | null {
  if (u.action === 'ask' && u.message) return { label: 'Our question:', text: u.message };
  if (u.action === 'deny' && u.message) return { label: 'Reason:', text: u.message };
  const resolution = (RESOLUTIONS as Record<string, string>)[u.resolution];
  if (u.action === 'approve' && resolution) return { label: 'Resolution:', text: resolution };
  return null;
}

export function claimUpdateMail(u: ClaimUpdate, brandName: string, publicUrl: string): OutgoingMail {
  const subject = claimUpdateSubject(u.number);
  const link = warrantiesUrl(publicUrl);
  const brandLine = oneLine(brandName);
  const name = oneLine(u.name);
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const intro = `There is an update on your claim ${u.number}.`;
  const label = u.products.length === 1 ? 'Product:' : 'Products:';
  const status = `Status: ${CLAIM_STATUSES[u.status]}`;
  const detail = detailOf(u);
  const see = u.action === 'ask' ? 'Reply on your warranties page:' : 'See your claim on your warranties page:';
  const text = [
    greeting,
    '',
    intro,
    '',
    label,
    ...u.products.map((p) => `- ${p}`),
    '',
    status,
    ...(detail ? [`${detail.label} ${detail.text}`] : []),
    '',
    see,
    link,
    '',
    brandLine,
    '',
  ].join('\n');
  const e = escapeHtml;
  // Staff's words keep their line breaks.
  const lines = (s: string) => s.split(/\r?\n/).map(e).join('<br>');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Georgia,'Times New Roman',serif;color:#2b2b2b">
<h1 style="font-size:24px">${e(subject)}</h1>
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<p>${e(label)}</p>
<ul>${u.products.map((p) => `<li>${e(p)}</li>`).join('')}</ul>
<p><strong>${e(status)}</strong></p>
${detail ? `<p>${e(detail.label)}<br>${lines(detail.text)}</p>\n` : ''}<p>${e(see)}<br><a href="${e(link)}">${e(link)}</a></p>
<p>${e(brandLine)}</p>
</body></html>
`;
  return { to: u.to, subject, text, html };
}
