// The care reminder (DESIGN.md "Claims and care"): subject "Time for a free cleaning and check", sent every
// CARE_REMINDER_MONTHS after the last care visit or the registration. The customer's name, since when, the products,
// "Covered until {date}" and a link to /warranties, in plain text and HTML. This builds the message; ./care-reminder.ts
// finds it due and sends it once per period.
import { CLAIM_TEXTS } from '../../../src/shared/claims/claim-texts';
import type { Submission } from '../../../src/shared/contracts/submission';
import { coveredUntil, formatDate, oneLine, productLines, productsOf } from '../../../src/shared/warranty';
import { bundledCatalog } from '../products/catalog';
import { shortMail, warrantiesUrl } from './message-parts';
import type { OutgoingMail } from './send';

export const CARE_REMINDER_SUBJECT = CLAIM_TEXTS.careReminderSubject;

/**
 * The reminder for `record` (its `email` the verified address), `months` after `since`: its last visit, or its
 * registration when there was none.
 */
export function careReminderMail(
  record: Submission,
  since: { date: Date; visit: boolean },
  months: number,
  brandName: string,
  publicUrl: string,
): OutgoingMail {
  const link = warrantiesUrl(publicUrl);
  const period = months === 1 ? '1 month' : `${months} months`;
  const when = formatDate(since.date);
  const intro = since.visit
    ? `It has been ${period} since your last visit to us, on ${when}.`
    : `It has been ${period} since you registered your purchase with ${oneLine(brandName)}, on ${when}.`;
  const invite =
    'Bring your piece to one of our stores for a free cleaning and check: we clean it, and look at its clasp, prongs and stones.';
  return shortMail({
    to: record.email,
    subject: CARE_REMINDER_SUBJECT,
    name: record.full_name,
    intro: [intro, invite],
    products: productLines(productsOf(record, bundledCatalog()), Boolean(record.image_file_id.trim())),
    standout: `Covered until ${formatDate(coveredUntil(record.submitted_at))}`,
    see: 'See your warranties at any time:',
    link,
    brandName,
  });
}
