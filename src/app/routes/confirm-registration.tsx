// /confirm: the link e-mailed to a customer who registered at a counter without the code, opened and confirmed.
import { useCallback } from 'react';
import { ConfirmPage } from '@/features/confirm/confirm-page';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export default function ConfirmRegistration() {
  const config = useConfig();
  const { navigate } = useNav();
  const onHome = useCallback(() => navigate('/'), [navigate]);
  return <ConfirmPage config={config} onHome={onHome} />;
}
