// The state of a care form in the edit dialog ("New claim", "Record a visit"): open or closed, with what it keeps
// while open (the ids made once when it opened, so sending it again applies it once), its errors, and sending it:
// checked with the contract's schema first, then sent; a refusal's words, or that the device is offline, are the
// form's error, and what was typed is kept.
import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../staff-field';

const OFFLINE = 'This device is offline. Try again once it is back online; what you typed is kept.';

/** The form's errors: each field's by its name, and the whole form's as `form`. */
export type CareFormErrors = Partial<Record<string, string>>;

type Answer<A> = { ok: true; data: A } | { ok: false; error: string };

type Options<O, T, A> = {
  /** What the form keeps while open, made as it opens. */
  make: () => O;
  /** Empties the form's fields as it opens. */
  reset: () => void;
  /** Checks what was typed. */
  check: (kept: O) => z.ZodSafeParseResult<T>;
  /** Why the form cannot be sent yet (e.g. photos still on their way), or null. */
  notReady?: () => string | null;
  send: (body: T) => Promise<Answer<A>>;
  /** What follows a success, before the form closes. */
  done: (data: A) => void;
};

export type CareFormState = {
  isOpen: boolean;
  errors: CareFormErrors;
  busy: boolean;
  start: () => void;
  close: () => void;
  submit: () => Promise<void>;
};

export function useCareForm<O, T, A>({ make, reset, check, notReady, send, done }: Options<O, T, A>): CareFormState {
  const [kept, setKept] = useState<O | null>(null);
  const [errors, setErrors] = useState<CareFormErrors>({});
  const [busy, setBusy] = useState(false);

  const start = () => {
    setKept(make());
    reset();
    setErrors({});
  };
  const submit = async () => {
    if (kept === null || busy) return;
    const waiting = notReady?.();
    if (waiting) return setErrors({ form: waiting });
    const checked = check(kept);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await send(checked.data);
      if (answer.ok) {
        done(answer.data);
        setKept(null);
      } else setErrors({ form: answer.error });
    } catch {
      setErrors({ form: OFFLINE });
    } finally {
      setBusy(false);
    }
  };
  return { isOpen: kept !== null, errors, busy, start, close: () => setKept(null), submit };
}
