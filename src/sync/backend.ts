// What the outbox engine needs from a backend, and the small typed results it understands.
import type { Submission } from '@/shared/contracts/submission';

/**
 * Why a call failed, as the engine acts on it:
 * network and server: try again later (back off); auth: hold until the customer signs in again;
 * rejected: the server will never accept it as it is; conflict: the id already exists (and is ours).
 */
export type FailureKind = 'network' | 'server' | 'auth' | 'rejected' | 'conflict';
export type BackendFailure = { ok: false; kind: FailureKind; message: string };
export type BackendResult<T = true> = { ok: true; value: T } | BackendFailure;

/**
 * The registration document as the outbox stores and sends it (SPEC.md section 3 plus submitted_at): the submission
 * record without Appwrite's own fields, plus the owner's user id.
 */
export type SubmissionData = Omit<Submission, '$id' | '$createdAt' | '$updatedAt'> & { user_id: string };

export type OutboxBackend = {
  /** The signed-in customer's user id, or null when there is no (valid) session. */
  sessionUserId(): Promise<BackendResult<string | null>>;
  uploadFile(input: { fileId: string; userId: string; blob: Blob; name: string }): Promise<BackendResult>;
  createDocument(input: { documentId: string; userId: string; data: SubmissionData }): Promise<BackendResult>;
  notifyShopify(input: { documentId: string; data: SubmissionData }): Promise<BackendResult>;
  /** Ends the customer's session on the server and on this device (nothing of theirs stays usable here). */
  endSession(): Promise<BackendResult>;
  /** A counter device's own path, for registrations its customers confirm later by the e-mailed link. */
  counter?: CounterSender;
};

export type CounterSender = {
  sendPhoto(input: { fileId: string; blob: Blob; name: string }): Promise<BackendResult>;
  sendRegistration(input: { documentId: string; data: SubmissionData }): Promise<BackendResult>;
};

export const OK: { ok: true; value: true } = { ok: true, value: true };
export const failure = (kind: FailureKind, message: string): BackendFailure => ({ ok: false, kind, message });

/** The kind of an HTTP error status; every 401 (guest scope, expired JWT or session) means sign in again. */
export function kindOfStatus(status: number): FailureKind {
  if (status === 409) return 'conflict';
  if (status === 401) return 'auth';
  if (status === 408 || status === 429 || status >= 500) return 'server';
  return 'rejected';
}
