// /account, SPEC.md's account screen (it sends a signed-out visitor to /login).
import { StaffAccount } from '@/features/staff/staff-account';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export default function Screen() {
  const { navigate } = useNav();
  return <StaffAccount config={useConfig()} navigate={navigate} />;
}
