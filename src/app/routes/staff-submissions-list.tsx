// /submissionslist, the read-only list of submissions, for staff only.
import { RequireStaff } from '@/features/staff/require-staff';
import { SubmissionsList } from '@/features/staff/submissions-list';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export default function Screen() {
  const config = useConfig();
  const { navigate } = useNav();
  return (
    <RequireStaff config={config} navigate={navigate}>
      <SubmissionsList config={config} navigate={navigate} />
    </RequireStaff>
  );
}
