// One claim as staff open it (getClaim: the claim, its registration, photos and timeline), and the staff's steps on
// it (claimAction). Each step carries the status this screen showed: when someone else acted meanwhile the function
// answers 409 with the current claim, which replaces the one shown, and the screen says the claim changed.
// Offline, the claim's row in this device's copy of the claims (./use-claims-list.ts) is what there is to show.
import { useCallback, useEffect, useRef, useState } from 'react';
import { claimsCacheRepository, type CachedClaim } from '@/db/claims-cache-repository';
import { appDb } from '@/db/schema';
import { callStaffFunction } from '@/lib/staff-functions';
import type { Resolution } from '@/shared/claims/claim-texts';
import type { ParsedAnswer } from '@/shared/contracts/functions';
import type { TokenSource } from '../submissions/staff-images';

export type ClaimDetail = ParsedAnswer<'getClaim'>;
export type StaffStep = {
  event_id: string;
  action: 'ask' | 'approve' | 'deny' | 'ready' | 'close' | 'note';
  message?: string;
  resolution?: Resolution;
};
/** How a step went: done, refused (with the words to show), or refused because the claim changed meanwhile. */
export type StepResult = { ok: true } | { ok: false; error: string; changed: boolean };

const OFFLINE = 'This device is offline. Try again once it is back online; what you typed is kept.';

export function useClaim(id: string, token: TokenSource) {
  const [detail, setDetail] = useState<ClaimDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The claim as this device keeps it, while the server cannot be reached (null when it keeps none). */
  const [saved, setSaved] = useState<CachedClaim | null>(null);
  /** Why the claim shown is not the one staff acted on (after a 409), until their next step. */
  const [changed, setChanged] = useState<string | null>(null);
  const shown = useRef<ClaimDetail | null>(null);
  shown.current = detail;

  const load = useCallback(async () => {
    try {
      const answer = await callStaffFunction('getClaim', { staffToken: (await token()) ?? '', query: { id } });
      if (answer.ok) {
        setDetail(answer.data);
        setError(null);
        setSaved(null);
      } else setError(answer.error);
    } catch {
      setError('The claim shows once this device is online.');
      setSaved(
        (await claimsCacheRepository(appDb())
          .byId(id)
          .catch(() => undefined)) ?? null,
      );
    }
  }, [id, token]);
  useEffect(() => {
    void load();
    // Back online: the claim is read again, whole.
    const again = () => void load();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [load]);

  const act = useCallback(
    async (step: StaffStep): Promise<StepResult> => {
      const claim = shown.current?.claim;
      if (!claim) return { ok: false, error: 'The claim is still loading.', changed: false };
      let answer;
      try {
        const body = { ...step, claim_id: claim.id, expected_status: claim.status };
        answer = await callStaffFunction('claimAction', { staffToken: (await token()) ?? '', body });
      } catch {
        return { ok: false, error: OFFLINE, changed: false };
      }
      if (answer.ok) {
        setChanged(null);
        setDetail((d) => d && { ...d, claim: answer.data.claim });
        // The new step (with its author and time as the server wrote them) comes with the timeline.
        void load();
        return { ok: true };
      }
      const current = answer.status === 409 ? answer.details?.current : undefined;
      if (!current) return { ok: false, error: answer.error, changed: false };
      setDetail((d) => d && { ...d, claim: current });
      setChanged(`${answer.error} This is the claim as it is now.`);
      void load();
      return { ok: false, error: answer.error, changed: true };
    },
    [token, load],
  );

  return { detail, error, saved, changed, act };
}
