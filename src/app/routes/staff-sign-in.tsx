// /login/staff, the staff sign-in; returns to `next` (or /home) when done.
import { StaffSignIn } from '@/features/staff/staff-sign-in';
import { safeNext } from '@/features/staff/navigation';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export default function Screen() {
  const config = useConfig();
  const { navigate } = useNav();
  const next = safeNext(new URLSearchParams(window.location.search).get('next'));
  return <StaffSignIn config={config} navigate={navigate} next={next} />;
}
