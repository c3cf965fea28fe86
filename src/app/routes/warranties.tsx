// /warranties: a customer's own registrations, after signing in with their email and code.
import { useCallback } from 'react';
import { WarrantiesPage } from '@/features/warranties/warranties-page';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export default function Warranties() {
  const config = useConfig();
  const { navigate } = useNav();
  const onRegisterAnother = useCallback(() => navigate('/login'), [navigate]);
  return <WarrantiesPage config={config} onRegisterAnother={onRegisterAnother} />;
}
