// What the device keeps, table by table.
import type { Delivery, Problem } from '@/shared/claims/claim-texts';
import type { Product } from '@/shared/contracts/product';
import type { Submission } from '@/shared/contracts/submission';
import type { ClaimRow } from '@/shared/contracts/claims';

/** The registration fields as the customer typed them; the wizard's draft and the outbox both hold these. */
export type RegistrationFields = Pick<Submission, 'full_name' | 'email' | 'phone' | 'address' | 'product_sku' | 'selected_product'>;

/** One wizard run in progress on this device (SPEC.md's draft: fields and current step). */
export type Draft = {
  id: string;
  step: number;
  values: Record<string, unknown>;
  updatedAt: number;
};

/** A photo kept on the device (already downscaled), apart from records so a bad blob never poisons a queue. */
export type DraftFile = {
  id: string;
  draftId: string;
  name: string;
  type: string;
  /** The downscaled photo: a File named `name`, as it is uploaded (a plain Blob where it was kept before that). */
  blob: Blob;
  width: number;
  height: number;
  addedAt: number;
};

export type OutboxStatus = 'pending' | 'sending' | 'needs-sign-in' | 'rejected' | 'sent';
/** Why the last attempt failed: no answer, a server fault (both retried), no valid session, or a refusal. */
export type OutboxErrorKind = 'network' | 'server' | 'auth' | 'rejected';

/** A finished registration waiting to reach the server, with ids made when it was queued. */
export type OutboxEntry = {
  id: string; // the Appwrite document id
  userId: string;
  fields: RegistrationFields;
  submittedAt: string;
  files: { fileId: string; draftFileId: string; uploaded: boolean }[];
  documentCreated: boolean;
  shopifyNotified: boolean;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  lastErrorKind?: OutboxErrorKind | null;
  failedAt?: number | null; // when the last attempt failed
  createdAt: number;
  /** The wizard run it came from: a late save of that run's draft is not a run in progress. */
  draftId?: string;
  /** The store of the counter device it was registered on. */
  store?: string;
  /**
   * "counter": registered on a counter without a code (confirmed later by the e-mailed link), sent with the counter's
   * token; otherwise sent with the customer's own session.
   */
  via?: 'customer' | 'counter';
};

/** Why a report or reply waits: due to send, held until its customer signs in again, or refused by the server. */
export type ClaimOutboxStatus = 'pending' | 'needs-sign-in' | 'rejected';

/**
 * A problem report ("Send report") or a reply at "Needs information", kept until the server confirms it. Its id is the
 * claim's (a report) or the reply's event id, made on the device, so sending it again never makes a second one; its
 * photos are draftFiles with draftId = this id, each with the file id it will have on the server.
 */
export type ClaimOutboxEntry = {
  id: string;
  userId: string;
  registrationId: string;
  files: { fileId: string; draftFileId: string; uploaded: boolean }[];
  status: ClaimOutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
} & (
  | { kind: 'report'; number: string; problem: Problem; details: string; delivery: Delivery }
  | { kind: 'reply'; claimId: string; message: string }
);

export type CatalogEntry = Product & { searchText: string };

export type CachedSubmission = Submission;

/** The fast-read copy of the staff cache (staff-snapshot-repository.ts): what it holds and from where the records must be read. */
export type StaffSnapshotHeader = { key: 'header'; format: number; parts: number; count: number; since: string; pendingIds: string[] };
/** Up to 5,000 cached submissions, newest first, as JSON text. */
export type StaffSnapshotPart = { key: string; json: string };
export type StaffSnapshotRecord = StaffSnapshotHeader | StaffSnapshotPart;

/** A staff edit saved on the device while offline, sent when the network returns. */
export type PendingEdit = {
  id: string; // submission $id
  fields: Omit<Submission, '$id' | '$createdAt' | '$updatedAt' | 'submitted_at' | 'flags'>;
  baseUpdatedAt: string;
  savedAt: number;
  lastError: string | null;
  /** The server's copy when sending met someone else's change; kept until the staff member chooses. */
  current?: Submission;
};

/** A row of the staff's claims table as kept on the device: `open` as 1 or 0, so IndexedDB can order by it. */
export type CachedClaim = ClaimRow & { open: 0 | 1 };
