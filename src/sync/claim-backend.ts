// The claims' backend over the unmodified Appwrite web SDK (photos uploaded as the registrations' are, readable by
// their customer) and the reportProblem / replyToClaim functions with the customer's JWT.
import type { AppwriteClients } from '@/lib/appwrite';
import { callFunction } from '@/lib/functions';
import { failureOf, appwriteOutboxBackend } from './appwrite-backend';
import { failure, kindOfStatus, type BackendResult } from './backend';
import type { ClaimBackend } from './claim-outbox';

export function appwriteClaimBackend(clients: AppwriteClients): ClaimBackend {
  const { sessionUserId, uploadFile } = appwriteOutboxBackend(clients);
  return {
    sessionUserId,
    uploadFile,
    async send(entry): Promise<BackendResult<{ number: string }>> {
      try {
        const { jwt } = await clients.account.createJWT();
        const photo_ids = entry.files.map((f) => f.fileId);
        const answer =
          entry.kind === 'report'
            ? await callFunction('reportProblem', {
                customerJwt: jwt,
                body: {
                  id: entry.id,
                  number: entry.number,
                  registration_id: entry.registrationId,
                  problem: entry.problem,
                  details: entry.details,
                  delivery: entry.delivery,
                  photo_ids,
                },
              })
            : await callFunction('replyToClaim', {
                customerJwt: jwt,
                body: { claim_id: entry.claimId, event_id: entry.id, message: entry.message, photo_ids },
              });
        if (answer.ok) return { ok: true, value: { number: answer.data.claim.number } };
        // 409 here is a refusal (an open claim already, a step no longer possible), never "already sent": a repeat of
        // the same id is answered 200 with the stored claim.
        const kind = kindOfStatus(answer.status);
        return failure(kind === 'conflict' ? 'rejected' : kind, answer.error);
      } catch (err) {
        return failureOf(err);
      }
    },
  };
}
