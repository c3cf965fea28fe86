// /warranties: a customer's own registrations, after signing in with their email and code.
import { useCallback, useState } from 'react';
import { WarrantiesPage } from '@/features/warranties/warranties-page';
import { useConfig } from '../config-context';
import { useNav } from '../router';
import { useScreenShown } from '../screen-shown';

/** The wizard's photo path, for the photos of a problem: loaded only when the first one is chosen. */
const loadPhotos = () => import('@/features/wizard/photos');

export default function Warranties() {
  const config = useConfig();
  const { navigate } = useNav();
  const onRegisterAnother = useCallback(() => navigate('/login'), [navigate]);
  const [shown, setShown] = useState(false);
  useScreenShown(shown);
  const onShown = useCallback(() => setShown(true), []);
  return <WarrantiesPage config={config} onRegisterAnother={onRegisterAnother} loadPhotos={loadPhotos} onShown={onShown} />;
}
