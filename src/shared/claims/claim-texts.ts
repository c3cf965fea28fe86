// What customers and staff read about claims and care visits (DESIGN.md, "Claims and care"): the words of each
// stored key, in the order the forms list them.
// The choices' words, each stored key with what customers and staff read, in the order the forms list them.
import CHOICES from './claim-choices.json' with { type: 'json' };

export const PROBLEMS = CHOICES.problems;
export type Problem = keyof typeof PROBLEMS;
export const DELIVERIES = CHOICES.deliveries;
export type Delivery = keyof typeof DELIVERIES;
export const CLAIM_STATUSES = CHOICES.statuses;
export type ClaimStatus = keyof typeof CLAIM_STATUSES;
/** Open claims hold the registration: no second report while one is open (OPEN_CLAIMS_PER_REGISTRATION). */
export const isOpenClaim = (status: ClaimStatus) => status !== 'denied' && status !== 'closed';
export const RESOLUTIONS = CHOICES.resolutions;
export type Resolution = keyof typeof RESOLUTIONS;
export const VISIT_KINDS = CHOICES.visitKinds;
export type VisitKind = keyof typeof VISIT_KINDS;

export const CLAIM_TEXTS = {
  report: 'Report a problem',
  whatHappened: 'What happened?',
  tellUsMore: 'Tell us more',
  tellUsMoreRequired: 'Tell us what happened.',
  photos: 'Photos of the problem',
  photosRequired: 'Add at least one photo of the problem.',
  delivery: 'How will you bring us the piece?',
  send: 'Send report',
  savedOffline: "Saved on this device. It will be sent when you're back online.",
  reply: 'Reply',
  claims: 'Claims',
  newClaim: 'New claim',
  askForInformation: 'Ask for information',
  approve: 'Approve',
  deny: 'Deny',
  readyForPickup: 'Ready for pickup',
  close: 'Close',
  internalNote: 'Internal note',
  serviceHistory: 'Service history',
  recordVisit: 'Record a visit',
  careReminderSubject: 'Time for a free cleaning and check',
} as const;

export const claimHeading = (number: string) => `Claim ${number}`;
export const claimUpdateSubject = (number: string) => `Update on your claim ${number}`;
export const coverageEnded = (date: string) => `Coverage ended on ${date}`;
export const lastInspection = (date: string) => `Last inspection: ${date}`;

/** Longest "Tell us more", reply, question, reason or note (characters as Appwrite counts them). */
export const CLAIM_MESSAGE_MAX = 2000;
/** Photos a report or a reply may carry. */
export const CLAIM_PHOTOS = { min: 1, max: 5 } as const;
