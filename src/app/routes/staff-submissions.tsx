// /submission, the admin submissions screen, for staff only.
import { appDb } from '@/db/schema';
import { RequireStaff } from '@/features/staff/require-staff';
import { SubmissionsScreen } from '@/features/staff/submissions/submissions-screen';
import { preloadFirstScreen } from '@/features/staff/submissions/use-cached-rows';
import { useConfig } from '../config-context';
import { useNav } from '../router';

preloadFirstScreen(appDb());

export default function StaffSubmissions() {
  const config = useConfig();
  const { navigate } = useNav();
  return (
    <RequireStaff config={config} navigate={navigate}>
      <SubmissionsScreen config={config} navigate={navigate} />
    </RequireStaff>
  );
}
