// The reminder e-mail of a registration, sent once 30 days before its coverage ends (DESIGN.md "After the
// registration"): subject "Your warranty ends soon", the customer's name, the products, "Covered until {date}" and a
// link to /warranties, in plain text and HTML. This builds the message; sending it, once, is ./after-registration.ts's
// work, when ./sweep.ts finds it due.
import type { Submission } from '../../../src/shared/contracts/submission';
import { coveredUntil, formatDate, oneLine, productLines, productsOf } from '../../../src/shared/warranty';
import { bundledCatalog } from '../products/catalog';
import { shortMail, warrantiesUrl } from './message-parts';
import type { OutgoingMail } from './send';

export const REMINDER_SUBJECT = 'Your warranty ends soon';

/** The reminder 30 days before coverage ends: the name, the products, "Covered until {date}" and /warranties. */
export function reminderMail(record: Submission, brandName: string, publicUrl: string): OutgoingMail {
  const link = warrantiesUrl(publicUrl);
  return shortMail({
    to: record.email,
    subject: REMINDER_SUBJECT,
    name: record.full_name,
    intro: [`The complimentary warranty of your purchase with ${oneLine(brandName)} ends soon.`],
    products: productLines(productsOf(record, bundledCatalog()), Boolean(record.image_file_id.trim())),
    standout: `Covered until ${formatDate(coveredUntil(record.submitted_at))}`,
    see: 'See your warranties and download the certificate at any time:',
    link,
    brandName,
  });
}
