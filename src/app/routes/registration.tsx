// /login: the registration wizard, with the outbox's queue pill beside its progress.
import { useCallback, useState } from 'react';
import type { OutboxEntry } from '@/db/types';
import { QueuePill } from '@/features/outbox/queue-pill';
import { RegistrationPage } from '@/features/wizard/registration-page';
import { useCounterStore } from '@/lib/counter-device';
import { useConfig } from '../config-context';
import { takeOverPrerendered, usePrerendered } from '../prerendered';
import { useNav } from '../router';
import { useScreenShown } from '../screen-shown';

export default function Registration() {
  const config = useConfig();
  const [shown, setShown] = useState(false);
  useScreenShown(shown);
  const onShown = useCallback(() => setShown(true), []);
  const { navigate } = useNav();
  const onLeave = useCallback(() => navigate('/'), [navigate]);
  const firstStep = usePrerendered() ? takeOverPrerendered : undefined;
  // On a store's counter the next customer must not open an earlier one's registration: staff fix it from /home.
  const onFix =
    useCounterStore() === null
      ? (entry: OutboxEntry) => void import('../fix-registration').then((m) => m.fixRegistration(entry))
      : undefined;
  const status = ({ fixing }: { fixing: string | null }) => <QueuePill onFix={onFix} fixing={fixing} />;
  return <RegistrationPage config={config} status={status} onShown={onShown} onLeave={onLeave} firstStep={firstStep} />;
}
