// What the screens read, derived from the machine's state, so they hold no rules.
import { isCodeComplete } from '@/lib/customer-sign-in/sign-in-texts';
import type { WizardSnapshot } from './wizard.machine';
import { isListShown, type AddressRef, type AddressSnapshot } from './address.machine';

/** The address lookup running beside the steps (absent only in a snapshot computed without running it). */
export const addressLookup = (s: WizardSnapshot) => s.children.address as AddressRef | undefined;

const addressNow = (s: WizardSnapshot): AddressSnapshot | undefined => addressLookup(s)?.getSnapshot();

export const wizardView = (s: WizardSnapshot) => {
  const sending = s.matches({ flow: { enteringEmail: 'sendingCode' } }) || s.matches({ flow: { enteringCode: 'resendingCode' } });
  const verifying = s.matches({ flow: { enteringCode: 'verifying' } });
  const submitting = s.matches({ flow: { choosingProducts: 'submitting' } });
  return {
    sending,
    verifying,
    submitting,
    busy: sending || verifying || submitting,
    restoring: s.matches({ flow: 'restoring' }) || s.matches({ flow: 'routing' }),
    canVerify: s.context.isVerified || isCodeComplete(s.context.fields.code),
    verified: s.matches({ flow: { enteringCode: 'verified' } }),
    suggestionsOpen: suggestionsShown(addressNow(s)),
    storingPhotos: s.matches({ photos: 'storing' }),
    catalogLoading: s.matches({ catalog: 'loading' }),
    noResults: s.context.fields.productQuery.trim() !== '' && s.context.results.length === 0 && s.matches({ catalog: 'ready' }),
    signedIn: s.matches({ session: 'signedIn' }),
    /** Step 2 on a counter whose code could not be sent. */
    canConfirmLater: s.context.counter.store !== null && s.context.codeUnsendable && s.matches({ flow: { enteringEmail: 'editing' } }),
    idleWarning: s.matches({ idle: 'warning' }),
    left: s.matches({ flow: 'left' }),
  };
};

/** Whether the address suggestions show, from the lookup's own snapshot. */
export const suggestionsShown = (a: AddressSnapshot | undefined) => (a ? isListShown(a) : false);
