// /login: the registration wizard, with the outbox's queue pill beside its progress.
import { useCallback, useState } from 'react';
import { QueuePill } from '@/features/outbox/queue-pill';
import { RegistrationPage } from '@/features/wizard/registration-page';
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
  return <RegistrationPage config={config} status={<QueuePill />} onShown={onShown} onLeave={onLeave} firstStep={firstStep} />;
}
