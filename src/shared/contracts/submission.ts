// A warranty submission as stored and as staff change it, checked the same way by the functions, the server and
// the staff screens.
import { z } from 'zod';
import { EMAIL_PATTERN } from './email';
import { withinLimit } from './text-length';
import { FIELD_LIMITS } from './field-limits';

export { FIELD_LIMITS } from './field-limits';

/** An Appwrite id (documents, files): what every id the app makes or accepts looks like. */
export const ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/;
/** The app's one e-mail rule (./email.ts), for the staff screens and functions. */
export { EMAIL_PATTERN };

export const SUBMISSION_FIELDS = ['full_name', 'email', 'phone', 'address', 'product_sku', 'selected_product', 'image_file_id'] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

/** A trimmed text of at most `max` characters, counted as every limit is (./text-length.ts). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .refine((v) => withinLimit(v, max), { message: `At most ${max} characters.`, params: { maximum: max } });

/** The fields a person enters or edits, with the sizes of appwrite.json's attributes. */
export const fieldsSchema = z.object({
  full_name: text(FIELD_LIMITS.full_name).min(1, 'Full name is required.'),
  email: text(FIELD_LIMITS.email).min(1, 'Email is required.').regex(EMAIL_PATTERN, 'Email is not a valid email address.'),
  phone: text(FIELD_LIMITS.phone).default(''),
  address: text(FIELD_LIMITS.address).default(''),
  product_sku: text(FIELD_LIMITS.product_sku).default(''),
  selected_product: text(FIELD_LIMITS.selected_product).default(''),
  image_file_id: text(FIELD_LIMITS.image_file_id)
    .regex(/^[a-zA-Z0-9._,-]*$/, 'Image ids are comma-separated file ids.')
    .default(''),
});
export type SubmissionFields = z.infer<typeof fieldsSchema>;

/**
 * The submission record: the one definition of what is stored (SPEC.md section 3, plus submitted_at and the
 * timestamps delta sync needs), as the functions list it and the staff cache keeps it. Stored values are read as
 * they are (an empty name from an old import stays visible), so every field is a plain string here.
 */
export const submissionSchema = z.object({
  $id: z.string().regex(ID_PATTERN),
  $createdAt: z.string(),
  $updatedAt: z.string(),
  submitted_at: z.string(),
  /** "pending" until the customer confirms by the e-mailed link; "confirmed" (or empty, before counters existed) otherwise. */
  status: z.string().optional(),
  /** The store of the counter device it was registered on; empty on the customer's own phone. */
  store: z.string().optional(),
  /** What the stored document claims that the server does not believe (said to staff, never acted on). */
  flags: z.array(z.string()).optional(),
  ...(Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, z.string()])) as Record<SubmissionField, z.ZodString>),
});
export type Submission = z.infer<typeof submissionSchema>;

/** What the server says of a stored submission (registrations.ts) without storing it. */
export const COMPUTED_FIELDS = ['flags'] as const;

/** The stored attributes of a submission beyond the entered fields (appwrite.json must declare each). */
export const SUBMISSION_ATTRIBUTES = [...SUBMISSION_FIELDS, 'user_id', 'submitted_at', 'status', 'store'] as const;

export { REGISTRATION_STATUS, statusLabel, type RegistrationStatus } from './registration-status';
export { textLength, withinLimit } from './text-length';

export const updateSchema = fieldsSchema.extend({
  id: z.string().regex(ID_PATTERN, 'id is not a valid submission id.'),
  /** The $updatedAt the editor saw; a different one on the server is a conflict, never overwritten silently. */
  expected_updated_at: z.string().optional(),
});
export type SubmissionUpdate = z.infer<typeof updateSchema>;

/** The first problem of a zod error, said for a person. */
export const firstIssue = (err: z.ZodError) => {
  const i = err.issues[0]!;
  return i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message;
};
