// A registration's status, free of zod so the customer's pages (the outbox) can name it without loading a schema.

/** Sent from a counter without a code, a registration waits for the customer's e-mailed link ("pending"). */
export const REGISTRATION_STATUS = { pending: 'pending', confirmed: 'confirmed' } as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUS)[keyof typeof REGISTRATION_STATUS];

/** How staff screens name a status (an empty one is a registration confirmed by code before statuses existed). */
export const statusLabel = (status: string) => (status === REGISTRATION_STATUS.pending ? 'Awaiting email confirmation' : 'Confirmed');
