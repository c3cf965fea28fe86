// src/app/routes/staff-home.tsx: /home, the staff home, for staff only.
import { RequireStaff } from '@/features/staff/require-staff';
import { StaffHome } from '@/features/staff/staff-home';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export default function Screen() {
  const config = useConfig();
  const { navigate } = useNav();
  return (
    <RequireStaff config={config} navigate={navigate}>
      <StaffHome config={config} navigate={navigate} />
    </RequireStaff>
  );
}
