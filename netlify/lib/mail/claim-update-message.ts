// The e-mail for a staff step on a claim that the customer sees (DESIGN.md "Claims and care"): subject "Update on your
// claim {number}", the claim number, the product, the new status in the customer's words, the question, reason or
// resolution the step carries, and a link to /warranties, in plain text and HTML. This builds the message; sending
// it, once per step, is ./claim-update.ts's work.
import { CLAIM_STATUSES, RESOLUTIONS, claimUpdateSubject, type ClaimStatus } from '../../../src/shared/claims/claim-texts';
import { shortMail, warrantiesUrl } from './message-parts';
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
  const link = warrantiesUrl(publicUrl);
  return shortMail({
    to: u.to,
    subject: claimUpdateSubject(u.number),
    name: u.name,
    intro: [`There is an update on your claim ${u.number}.`],
    products: u.products,
    standout: `Status: ${CLAIM_STATUSES[u.status]}`,
    detail: detailOf(u),
    see: u.action === 'ask' ? 'Reply on your warranties page:' : 'See your claim on your warranties page:',
    link,
    brandName,
  });
}
