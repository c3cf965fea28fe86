// src/shared/contracts/submission.ts: a warranty submission as stored and as staff change it, checked the same
// way by the functions, the server and the staff screens.
import { z } from 'zod';

export const SUBMISSION_FIELDS = ['full_name', 'email', 'phone', 'address', 'product_sku', 'selected_product', 'image_file_id'] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

/** Submission as listed to staff (SPEC.md section 3), plus the timestamps delta sync needs. */
export type Submission = {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  submitted_at: string;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  selected_product: string;
  product_sku: string;
  image_file_id: string;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

export const fieldsSchema = z.object({
  full_name: text(255).min(1, 'Full name is required.'),
  email: text(320).min(1, 'Email is required.').regex(EMAIL, 'Email is not a valid email address.'),
  phone: text(32).default(''),
  address: text(1024).default(''),
  product_sku: text(4096).default(''),
  selected_product: text(4096).default(''),
  image_file_id: text(2048).regex(/^[a-zA-Z0-9._,-]*$/, 'Image ids are comma-separated file ids.').default(''),
});
export type SubmissionFields = z.infer<typeof fieldsSchema>;

export const updateSchema = fieldsSchema.extend({
  id: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/, 'id is not a valid submission id.'),
  /** The $updatedAt the editor saw; a different one on the server is a conflict, never overwritten silently. */
  expected_updated_at: z.string().optional(),
});
export type SubmissionUpdate = z.infer<typeof updateSchema>;

/** The first problem of a zod error, said for a person. */
export const firstIssue = (err: z.ZodError) => {
  const i = err.issues[0]!;
  return i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message;
};
