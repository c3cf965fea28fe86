// /submission, the admin submissions screen, for staff only.
import { appDb } from '@/db/schema';
import { SubmissionsScreen } from '@/features/staff/submissions/submissions-screen';
import { preloadFirstScreen } from '@/features/staff/submissions/use-cached-rows';
import { staffRoute } from './staff-route';

preloadFirstScreen(appDb());

export default staffRoute(SubmissionsScreen);
