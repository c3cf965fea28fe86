// /claims, the staff's claims table, for staff only.
import { ClaimsScreen } from '@/features/staff/claims/claims-screen';
import { staffRoute } from './staff-route';

export default staffRoute(ClaimsScreen);
