// What each function takes and answers, as zod schemas keyed by the names in function-names.ts. The functions parse
// their query and body with these, and tsc holds each handler to its response schema (netlify/lib/define.ts); the
// browser's client is typed from them without loading them (src/lib/functions.ts), and staff code parses every
// answer with them (src/lib/staff-functions.ts). A function that answers a file has no response schema.
import { z } from 'zod';
import type { FileFunctionName, FunctionName } from './function-names';
import {
  careVisitSchema,
  claimActionBodySchema,
  claimAnswerSchema,
  claimDetailSchema,
  claimRowSchema,
  customerClaimSchema,
  getClaimsQuerySchema,
  openClaimBodySchema,
  recordVisitBodySchema,
  replyBodySchema,
  reportProblemBodySchema,
  staffClaimAnswerSchema,
  staffClaimSchema,
} from './claims';
import { placeDetailsResponseSchema, placesAutocompleteResponseSchema } from './places';
import { productListSchema } from './product';
import { fieldsSchema, ID_PATTERN as ID, submissionSchema, updateSchema } from './submission';
import { withinLimit } from './text-length';

export const MAX_IMPORT_ROWS = 20_000;
/** getAppwriteSubmissions, a full page newest first: where the next page starts (its `before` and `cursor`). */
export const NEXT_BEFORE_HEADER = 'X-Next-Before';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** Why a staff search of every registration on the server was refused: it needs a term of 3 characters or more. */
export const SEARCH_TOO_SHORT = 'Type at least 3 characters to search every registration.';
const submissionId = z.string().regex(ID);

/** A URL query as an object of its parameters (absent ones undefined). */
const query = <T extends z.ZodRawShape>(shape: T) => z.object(shape);

const optionalInt = (name: string, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `\`${name}\` must be a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return n;
    });

const logEntrySchema = z.object({ at: z.string(), registrationId: z.string(), email: z.string(), action: z.string(), result: z.string() });

/** An import's counts, and each row's result (rows numbered from 0 within the call). */
export const importResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.number(),
  results: z.array(
    z.object({
      row: z.number(),
      status: z.enum(['created', 'updated', 'skipped', 'error']),
      id: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
});

/** A counter device as staff see it (its token is never listed). */
export const counterSchema = z.object({
  id: z.string(),
  store: z.string(),
  enrolled_by: z.string(),
  enrolled_at: z.string(),
  last_seen: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type Counter = z.infer<typeof counterSchema>;

export const STORE_NAME_MAX = 80;
/** A confirmation link's key as links carry it (base64url). */
const LINK_KEY = /^[A-Za-z0-9_-]{16,128}$/;
const byId = (what: string) =>
  z.object({ id: z.string({ error: `Send the ${what} id as "id".` }).regex(ID, `Send the ${what} id as "id".`) });

/** Photo types a counter may send (the bucket's own list). */
export const COUNTER_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A registration sent from a counter: its pre-made id, when Submit was pressed, and the entered fields. */
export const counterRegistrationSchema = fieldsSchema.extend({
  id: z.string().regex(ID, 'The registration needs its pre-made id.'),
  submitted_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), '`submitted_at` must be a date and time.'),
});

/** A photo of a counter's registration, base64, with its pre-made file id. */
export const counterPhotoSchema = z.object({
  id: z.string().regex(ID, 'The photo needs its pre-made file id.'),
  name: z
    .string()
    .trim()
    .min(1, 'The photo needs its file name.')
    .refine((v) => withinLimit(v, 255), 'The photo’s file name can be at most 255 characters.'),
  type: z.enum(COUNTER_PHOTO_TYPES, { error: 'Photos must be JPEG, PNG or WebP.' }),
  data: z.string().min(1, 'The photo is empty.'),
});

/** One registration on /warranties, as the server vouches for it: its effective date, products and the photos the
 * customer can see. */
export const warrantySchema = z.object({
  id: z.string(),
  submitted_at: z.string(),
  product_sku: z.string(),
  selected_product: z.string(),
  photo_ids: z.array(z.string()),
  status: z.string(),
  /** Its open claim, else its latest one; null when it has none. */
  claim: customerClaimSchema.nullable(),
  /** Still covered, as the server counts its year. */
  covered: z.boolean(),
  /** "Report a problem" may be offered: confirmed, covered, fewer open claims than allowed. */
  can_report: z.boolean(),
  /** When its last inspection visit was, or null. */
  last_inspection: z.string().nullable(),
});
export type Warranty = z.infer<typeof warrantySchema>;

export const functionSchemas = {
  products: { response: productListSchema },
  // Its input (PLACES_MIN_INPUT..PLACES_MAX_INPUT characters) and session token are checked by the function, with
  // codes of their own (input_too_long, invalid_session_token).
  googleplaces: { response: placesAutocompleteResponseSchema },
  googleplacesdetails: { response: placeDetailsResponseSchema },
  sendToShopify: {
    body: z
      .object({ $id: z.unknown().optional(), id: z.unknown().optional() })
      .passthrough()
      .transform((b) => b.$id ?? b.id)
      .pipe(
        z
          .string({ error: 'Send the registration with its document id as "$id".' })
          .regex(ID, 'Send the registration with its document id as "$id".'),
      ),
    response: z.object({ status: z.enum(['sent', 'logged', 'already_logged']), result: z.unknown().optional() }),
  },
  getSubmissions: { response: z.array(submissionSchema) },
  getAppwriteSubmissions: {
    query: query({
      since: z
        .string()
        .optional()
        .refine(
          (v) => v === undefined || !Number.isNaN(Date.parse(v)),
          '`since` must be a date and time, e.g. 2026-01-31T12:00:00.000+00:00.',
        ),
      cursor: z
        .string()
        .optional()
        .refine((v) => v === undefined || ID.test(v), '`cursor` must be a submission id.'),
      limit: optionalInt('limit', 1, 5000),
      // Newest change first, for a new device's first fill: `before` an $updatedAt (that one included).
      order: z.enum(['asc', 'desc'], { error: '`order` must be asc or desc.' }).optional(),
      before: z
        .string()
        .optional()
        .refine(
          (v) => v === undefined || !Number.isNaN(Date.parse(v)),
          '`before` must be a date and time, e.g. 2026-01-31T12:00:00.000+00:00.',
        ),
    }),
    response: z.union([
      z.array(submissionSchema),
      z.object({ submissions: z.array(submissionSchema), nextCursor: z.string().nullable(), serverTime: z.string() }),
    ]),
  },
  // Every registration whose name, e-mail, product or SKU holds each term of `q`, newest change first.
  searchAppwriteSubmissions: {
    query: query({
      q: z
        .string()
        .default('')
        .transform((v) => v.trim())
        .pipe(z.string().min(3, SEARCH_TOO_SHORT).max(255, 'Search for at most 255 characters.')),
      limit: optionalInt('limit', 1, 100),
    }),
    response: z.object({ submissions: z.array(submissionSchema), more: z.boolean() }),
  },
  // A 409 carries the server's copy, changed since the editor opened it.
  updateAppwriteSubmission: { body: updateSchema, response: submissionSchema, errorDetails: z.object({ current: submissionSchema }) },
  importToAppwrite: {
    body: z
      .object(
        { data: z.array(z.unknown(), { error: 'Send {"data": [rows]}, one object per CSV row keyed by the header.' }) },
        { error: 'Send {"data": [rows]}, one object per CSV row keyed by the header.' },
      )
      .refine((b) => b.data.length > 0, 'The file has no rows to import.'),
    response: importResultSchema,
  },
  staffImage: {
    query: query({
      id: z.string().default('').pipe(z.string().regex(ID, '`id` must be an image file id.')),
      width: z
        .string()
        .optional()
        .transform((v, ctx) => {
          const n = v === undefined ? 0 : Number(v);
          if (!Number.isInteger(n) || n < 0 || n > 2000) {
            ctx.addIssue({ code: 'custom', message: '`width` must be a whole number from 1 to 2000.' });
            return z.NEVER;
          }
          return n;
        }),
    }),
  },
  getIntegrationLog: {
    response: z.object({ target: z.enum(['shopify', 'log']), shop: z.string().nullable(), entries: z.array(logEntrySchema) }),
  },
  enrolCounter: {
    body: z.object({
      store: z
        .string({ error: 'Enter the store name.' })
        .trim()
        .min(1, 'Enter the store name.')
        .refine((v) => withinLimit(v, STORE_NAME_MAX), `The store name can be at most ${STORE_NAME_MAX} characters.`),
    }),
    response: z.object({ id: z.string(), store: z.string(), token: z.string() }),
  },
  listCounters: { response: z.object({ counters: z.array(counterSchema) }) },
  revokeCounter: { body: byId('counter'), response: counterSchema },
  resendConfirmationLink: { body: byId('registration'), response: z.object({ status: z.literal('sent') }) },
  resendConfirmation: { body: byId('registration'), response: z.object({ status: z.literal('sent') }) },
  submitFromCounter: {
    body: z.union([z.object({ photo: counterPhotoSchema }), z.object({ registration: counterRegistrationSchema })], {
      error: 'Send {"photo": {...}} or {"registration": {...}}.',
    }),
    response: z.object({ id: z.string(), status: z.enum(['stored', 'pending']) }),
  },
  confirmRegistration: { body: byId('registration'), response: z.object({ id: z.string(), status: z.literal('confirmed') }) },
  // The page of an older link may still send its `userId`: it is taken and ignored.
  renewConfirmation: { body: byId('registration'), response: z.object({ status: z.literal('sent') }) },
  openConfirmationLink: {
    body: z.object({
      registration: z.string({ error: 'The link is not complete.' }).regex(ID, 'The link is not complete.'),
      key: z.string({ error: 'The link is not complete.' }).regex(LINK_KEY, 'The link is not complete.'),
    }),
    response: z.object({ userId: z.string(), secret: z.string() }),
  },
  warrantyCertificate: { query: query({ id: z.string().default('').pipe(z.string().regex(ID, '`id` must be a registration id.')) }) },
  reportProblem: { body: reportProblemBodySchema, response: claimAnswerSchema },
  replyToClaim: { body: replyBodySchema, response: claimAnswerSchema },
  getClaims: {
    query: getClaimsQuerySchema,
    response: z.object({ claims: z.array(claimRowSchema), nextCursor: z.string().nullable(), serverTime: z.string() }),
  },
  getClaim: {
    query: query({ id: z.string().default('').pipe(z.string().regex(ID, '`id` must be a claim id.')) }),
    response: claimDetailSchema,
  },
  // A 409 (the claim changed since the screen showed it) carries the server's copy.
  claimAction: { body: claimActionBodySchema, response: staffClaimAnswerSchema, errorDetails: z.object({ current: staffClaimSchema }) },
  openClaim: { body: openClaimBodySchema, response: staffClaimAnswerSchema },
  recordVisit: { body: recordVisitBodySchema, response: z.object({ visit: careVisitSchema }) },
  getVisits: {
    query: query({ registration_id: z.string().default('').pipe(z.string().regex(ID, '`registration_id` must be a registration id.')) }),
    response: z.object({ visits: z.array(careVisitSchema) }),
  },
  // The photo's type is read from its bytes, never from the browser; the server makes its file id.
  uploadStaffPhoto: {
    body: z.strictObject({ data: z.string({ error: 'Send the photo as base64 in "data".' }).min(1, 'The photo is empty.') }),
    response: z.object({ id: z.string() }),
  },
  listWarranties: { response: z.object({ warranties: z.array(warrantySchema) }) },
} satisfies { [N in FunctionName]: SchemasOf<N> };

/** A function's schemas: the answer of one that answers JSON (and only of one), what a refusal carries in `details`. */
type SchemasOf<N extends FunctionName> = { query?: z.ZodType; body?: z.ZodType; errorDetails?: z.ZodType } & (N extends FileFunctionName
  ? { response?: never }
  : { response: z.ZodType });

type Contract = typeof functionSchemas;
type SchemaOf<N extends FunctionName, K extends string> = Contract[N] extends Record<K, infer S extends z.ZodType> ? S : never;

/** What function N answers when it succeeds, as its handler returns it and the browser receives it (never for a file). */
export type FunctionAnswer<N extends FunctionName> = z.input<SchemaOf<N, 'response'>>;
/** The same answer once parsed with its schema (staff code). */
export type ParsedAnswer<N extends FunctionName> = z.output<SchemaOf<N, 'response'>>;
/** The JSON body function N takes (never for a function without one). */
export type FunctionBody<N extends FunctionName> = z.input<SchemaOf<N, 'body'>>;
/** The query parameters function N reads, by name (any, for a function that reads its query itself). */
export type FunctionQuery<N extends FunctionName> = [SchemaOf<N, 'query'>] extends [never]
  ? Record<string, string | number | undefined>
  : { [K in keyof z.input<SchemaOf<N, 'query'>>]?: string | number };
/** What a refusal of function N carries in `details` (unknown for a function whose refusals carry none). */
export type FunctionErrorDetails<N extends FunctionName> = [SchemaOf<N, 'errorDetails'>] extends [never]
  ? unknown
  : z.output<SchemaOf<N, 'errorDetails'>>;

export { submissionId };
