// Every function the app calls: its method, who may call it and how large its body may be. Free of zod, so the
// customer's pages can name functions without loading any schema; the request and response schemas live beside
// it in functions.ts. Adding a function = an entry here and in functions.ts, and one thin file in netlify/functions
// (the example is at the top of src/lib/functions.ts).

/**
 * Who may call: anyone; a customer with their Appwrite JWT (X-Appwrite-JWT); an enrolled counter device with its
 * counter token (Authorization: Bearer); staff with a Supabase access token (Authorization: Bearer).
 */
export type Caller = 'anyone' | 'customer' | 'counter' | 'staff';
export type Method = 'GET' | 'POST';
export type FunctionSpec = {
  method: Method;
  caller: Caller;
  /** JSON body limit in bytes (POST only) */
  bodyLimit?: number;
  /** It answers a file (its bytes, not JSON): it has no response schema, and the browser reads a Blob. */
  file?: true;
};

const KB = 1024;

export const FUNCTIONS = {
  products: { method: 'GET', caller: 'anyone' },
  googleplaces: { method: 'GET', caller: 'anyone' },
  googleplacesdetails: { method: 'GET', caller: 'anyone' },
  sendToShopify: { method: 'POST', caller: 'customer', bodyLimit: 64 * KB },
  getSubmissions: { method: 'GET', caller: 'staff' },
  getAppwriteSubmissions: { method: 'GET', caller: 'staff' },
  searchAppwriteSubmissions: { method: 'GET', caller: 'staff' },
  updateAppwriteSubmission: { method: 'POST', caller: 'staff', bodyLimit: 64 * KB },
  importToAppwrite: { method: 'POST', caller: 'staff', bodyLimit: 6 * KB * KB },
  staffImage: { method: 'GET', caller: 'staff', file: true },
  getIntegrationLog: { method: 'GET', caller: 'staff' },
  enrolCounter: { method: 'POST', caller: 'staff', bodyLimit: 4 * KB },
  listCounters: { method: 'GET', caller: 'staff' },
  revokeCounter: { method: 'POST', caller: 'staff', bodyLimit: 4 * KB },
  resendConfirmationLink: { method: 'POST', caller: 'staff', bodyLimit: 4 * KB },
  resendConfirmation: { method: 'POST', caller: 'staff', bodyLimit: 4 * KB },
  // One photo (base64) or the registration per call, each under Netlify's 6 MB request limit.
  submitFromCounter: { method: 'POST', caller: 'counter', bodyLimit: 6 * KB * KB },
  confirmRegistration: { method: 'POST', caller: 'customer', bodyLimit: 4 * KB },
  renewConfirmation: { method: 'POST', caller: 'anyone', bodyLimit: 4 * KB },
  // The e-mailed link opened on /confirm: a short-lived sign-in for the account of the address it was mailed to.
  openConfirmationLink: { method: 'POST', caller: 'anyone', bodyLimit: 1 * KB },
  // The customer's own warranty certificate (PDF), for "Download certificate" on /warranties.
  warrantyCertificate: { method: 'GET', caller: 'customer', file: true },
  // Claims and care visits (DESIGN.md, "Claims and care"): a customer's report and reply, the staff's claims.
  reportProblem: { method: 'POST', caller: 'customer', bodyLimit: 16 * KB },
  replyToClaim: { method: 'POST', caller: 'customer', bodyLimit: 16 * KB },
  getClaims: { method: 'GET', caller: 'staff' },
  getClaim: { method: 'GET', caller: 'staff' },
  claimAction: { method: 'POST', caller: 'staff', bodyLimit: 16 * KB },
  openClaim: { method: 'POST', caller: 'staff', bodyLimit: 16 * KB },
  recordVisit: { method: 'POST', caller: 'staff', bodyLimit: 16 * KB },
  getVisits: { method: 'GET', caller: 'staff' },
  // One photo of a care visit (base64), stored for the staff member until "Record a visit" joins it.
  uploadStaffPhoto: { method: 'POST', caller: 'staff', bodyLimit: 6 * KB * KB },
  // The customer's registrations for /warranties: theirs, and staff imports made out to their verified address.
  listWarranties: { method: 'GET', caller: 'customer' },
} as const satisfies Record<string, FunctionSpec>;

export type FunctionName = keyof typeof FUNCTIONS;
/** The functions that answer a file (FunctionSpec.file). */
export type FileFunctionName = { [N in FunctionName]: (typeof FUNCTIONS)[N] extends { file: true } ? N : never }[FunctionName];
/** The functions only staff may call. */
export type StaffFunctionName = { [N in FunctionName]: (typeof FUNCTIONS)[N]['caller'] extends 'staff' ? N : never }[FunctionName];

/**
 * Scheduled functions (netlify/functions, run by Netlify on their schedule, never called by the app nor reachable by
 * URL there): not in the callable contract, and not mounted by the embedded server, which runs their modules itself.
 */
export const SCHEDULED_FUNCTIONS = ['sendReminders'] as const;

export const FUNCTION_NAMES = /* @__PURE__ */ Object.keys(FUNCTIONS) as FunctionName[];

export const isFunctionName = (name: string): name is FunctionName => Object.hasOwn(FUNCTIONS, name);

/** The one place a function's address is made. */
export const functionPath = (name: FunctionName) => `/.netlify/functions/${name}`;
