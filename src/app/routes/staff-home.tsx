// /home, the staff home, for staff only, with this device's outbox panel.
import { RequireStaff } from '@/features/staff/require-staff';
import { StaffHome } from '@/features/staff/staff-home';
import { QueuePanel } from '@/features/outbox/queue-panel';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export default function Screen() {
  const config = useConfig();
  const { navigate } = useNav();
  return (
    <RequireStaff config={config} navigate={navigate}>
      <StaffHome config={config} navigate={navigate} outbox={<QueuePanel />} />
    </RequireStaff>
  );
}
