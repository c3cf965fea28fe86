// What the screens read, derived from the machine's state, so they hold no rules.
import { isCodeComplete } from './wizard.rules';
import type { WizardSnapshot } from './wizard.machine';

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
    suggestionsOpen:
      (s.matches({ address: { list: 'open' } }) || s.matches({ address: { list: 'closing' } })) && s.context.suggestions.length > 0,
    storingPhotos: s.matches({ photos: 'storing' }),
    catalogLoading: s.matches({ catalog: 'loading' }),
    noResults: s.context.fields.productQuery.trim() !== '' && s.context.results.length === 0 && s.matches({ catalog: 'ready' }),
    signedIn: s.matches({ session: 'signedIn' }),
  };
};
