// What the claim and care-visit functions take and answer (DESIGN.md, "Claims and care"), entered in functions.ts.
// Bodies are strict: a key the contract does not name is refused, not ignored.
import { z } from 'zod';
import { withinLimit } from './text-length';
import { CLAIM_NUMBER_PATTERN } from '../claims/claim-number';
import { CLAIM_MESSAGE_MAX, CLAIM_PHOTOS, CLAIM_STATUSES, DELIVERIES, PROBLEMS, RESOLUTIONS, VISIT_KINDS } from '../claims/claim-texts';
import { ID_PATTERN as ID, submissionSchema } from './submission';

const keysOf = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

export const claimStatusSchema = z.enum(keysOf(CLAIM_STATUSES), { error: 'Unknown claim status.' });
const problem = z.enum(keysOf(PROBLEMS), { error: 'Choose what happened.' });
const delivery = z.enum(keysOf(DELIVERIES), { error: 'Choose how you will bring us the piece.' });
const resolution = z.enum(keysOf(RESOLUTIONS), { error: 'Choose "Repair", "Replacement" or "Store credit".' });
export const visitKindSchema = z.enum(keysOf(VISIT_KINDS), { error: 'Choose the kind of visit.' });

const idOf = (what: string, key: string) => z.string({ error: `Send the ${what} as "${key}".` }).regex(ID, `Send the ${what} as "${key}".`);
const text = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => withinLimit(v, CLAIM_MESSAGE_MAX), `Keep it to ${CLAIM_MESSAGE_MAX.toLocaleString('en-US')} characters.`);
const photoIds = (min: number) =>
  z
    .array(z.string().regex(ID, 'Each photo must be sent as its file id.'), { error: 'Send the photos as a list of file ids.' })
    .min(min, 'Add at least one photo of the problem.')
    .max(CLAIM_PHOTOS.max, `Add at most ${CLAIM_PHOTOS.max} photos.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo may be sent once.');

/** A report of a problem: its device-made document id and number, and what the customer said. */
const reportShape = {
  id: idOf('claim id', 'id'),
  number: z.string({ error: 'Send the claim number.' }).regex(CLAIM_NUMBER_PATTERN, 'The claim number is not valid.'),
  registration_id: idOf('registration id', 'registration_id'),
  problem,
  details: text('Tell us what happened.'),
  delivery,
};
export const reportProblemBodySchema = z.strictObject({ ...reportShape, photo_ids: photoIds(CLAIM_PHOTOS.min) });
export const openClaimBodySchema = z.strictObject({ ...reportShape, photo_ids: photoIds(0).default([]) });

export const replyBodySchema = z.strictObject({
  claim_id: idOf('claim id', 'claim_id'),
  event_id: idOf('reply id', 'event_id'),
  message: text('Write your reply.'),
  photo_ids: photoIds(0).default([]),
});

export const STAFF_CLAIM_ACTIONS = ['ask', 'approve', 'deny', 'ready', 'close', 'note'] as const;
const NEEDS_MESSAGE = { ask: 'Write your question.', deny: 'Give the reason.', note: 'Write the note.' } as const;

export const claimActionBodySchema = z
  .strictObject({
    claim_id: idOf('claim id', 'claim_id'),
    event_id: idOf('action id', 'event_id'),
    action: z.enum(STAFF_CLAIM_ACTIONS, { error: 'Unknown action.' }),
    message: z
      .string({ error: 'The message must be text.' })
      .trim()
      .refine((v) => withinLimit(v, CLAIM_MESSAGE_MAX), `Keep it to ${CLAIM_MESSAGE_MAX.toLocaleString('en-US')} characters.`)
      .optional(),
    resolution: resolution.optional(),
    expected_status: claimStatusSchema,
  })
  .superRefine((b, ctx) => {
    const needed = (NEEDS_MESSAGE as Record<string, string>)[b.action];
    if (needed && !b.message) ctx.addIssue({ code: 'custom', path: ['message'], message: needed });
    if (b.action === 'approve' && !b.resolution)
      ctx.addIssue({ code: 'custom', path: ['resolution'], message: 'Choose "Repair", "Replacement" or "Store credit".' });
  });

/** A claim as its customer sees it (and reads it from Appwrite with their session). */
export const customerClaimSchema = z.object({
  id: z.string(),
  number: z.string(),
  registration_id: z.string(),
  status: claimStatusSchema,
  problem,
  details: z.string(),
  delivery,
  photo_ids: z.array(z.string()),
  store: z.string(),
  opened_at: z.string(),
  /** The open question (at "Needs information"), the reason of a denial, the resolution of an approval; '' if none. */
  question: z.string(),
  reason: z.string(),
  resolution: z.string(),
});
export type CustomerClaim = z.infer<typeof customerClaimSchema>;

/** A claim as staff see it: also when it stopped being open (null while open), for its age. */
export const staffClaimSchema = customerClaimSchema.extend({ ended_at: z.string().nullable(), updated_at: z.string() });
export type StaffClaim = z.infer<typeof staffClaimSchema>;

/** One row of the staff's claims table: Claim, Customer, Product, Problem, Store, Status, Opened, Age. */
export const claimRowSchema = staffClaimSchema
  .pick({
    id: true,
    number: true,
    registration_id: true,
    problem: true,
    store: true,
    status: true,
    opened_at: true,
    ended_at: true,
    updated_at: true,
  })
  .extend({ customer: z.string(), email: z.string(), product: z.string() });
export type ClaimRow = z.infer<typeof claimRowSchema>;

export const CLAIM_EVENT_ACTIONS = ['submitted', 'reply', ...STAFF_CLAIM_ACTIONS] as const;
/** One step of a claim's timeline: who, when, what. Internal notes (`internal`) are for staff alone. */
export const claimEventSchema = z.object({
  id: z.string(),
  claim_id: z.string(),
  action: z.enum(CLAIM_EVENT_ACTIONS),
  by_role: z.enum(['customer', 'staff']),
  by_name: z.string(),
  at: z.string(),
  message: z.string(),
  photo_ids: z.array(z.string()),
  status_after: claimStatusSchema,
  resolution: z.string(),
  internal: z.boolean(),
});
export type ClaimEventRecord = z.infer<typeof claimEventSchema>;

/** The largest page of claims one call answers. */
export const CLAIMS_PAGE_MAX = 1000;

export const getClaimsQuerySchema = z.strictObject({
  status: claimStatusSchema.optional(),
  store: z
    .string()
    .refine((v) => withinLimit(v, 255), 'The store name is too long.')
    .optional(),
  search: z
    .string()
    .refine((v) => withinLimit(v, 320), 'The search is too long.')
    .optional(),
  cursor: z.string().regex(ID, '`cursor` must be a claim id.').optional(),
  /** Claims changed at or after this time, oldest change first (the staff device's copy of the claims). */
  since: z
    .string()
    .max(40, '`since` must be a date and time, e.g. 2026-01-31T12:00:00.000+00:00.')
    .refine((v) => !Number.isNaN(Date.parse(v)), '`since` must be a date and time, e.g. 2026-01-31T12:00:00.000+00:00.')
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `\`limit\` must be a whole number from 1 to ${CLAIMS_PAGE_MAX}.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= CLAIMS_PAGE_MAX, `\`limit\` must be a whole number from 1 to ${CLAIMS_PAGE_MAX}.`)
    .optional(),
});

export const claimDetailSchema = z.object({
  claim: staffClaimSchema,
  /** The registration as staff see it (null when it no longer exists). */
  registration: submissionSchema.nullable(),
  /** Every photo of the claim: the report's and the replies'. */
  photo_ids: z.array(z.string()),
  timeline: z.array(claimEventSchema),
});

export const recordVisitBodySchema = z.strictObject({
  id: idOf('visit id', 'id'),
  registration_id: idOf('registration id', 'registration_id'),
  kind: visitKindSchema,
  notes: z
    .string({ error: 'The notes must be text.' })
    .trim()
    .refine((v) => withinLimit(v, CLAIM_MESSAGE_MAX), `Keep the notes to ${CLAIM_MESSAGE_MAX.toLocaleString('en-US')} characters.`)
    .default(''),
  store: z
    .string({ error: 'The store must be text.' })
    .trim()
    .refine((v) => withinLimit(v, 80), 'The store name can be at most 80 characters.')
    .optional(),
  photo_ids: photoIds(0).default([]),
});

export const careVisitSchema = z.object({
  id: z.string(),
  registration_id: z.string(),
  kind: visitKindSchema,
  notes: z.string(),
  staff: z.string(),
  store: z.string(),
  photo_ids: z.array(z.string()),
  at: z.string(),
});
export type CareVisit = z.infer<typeof careVisitSchema>;

export const claimAnswerSchema = z.object({ claim: customerClaimSchema });
export const staffClaimAnswerSchema = z.object({ claim: staffClaimSchema });
