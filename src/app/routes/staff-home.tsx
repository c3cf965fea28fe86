// /home, the staff home, for staff only, with this device's outbox panel.
import { StaffHome } from '@/features/staff/staff-home';
import { QueuePanel } from '@/features/outbox/queue-panel';
import { fixRegistration } from '../fix-registration';
import { staffRoute } from './staff-route';

export default staffRoute((props) => <StaffHome {...props} outbox={<QueuePanel onFix={fixRegistration} />} />);
