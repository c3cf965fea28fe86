// /submission, the admin submissions screen, for staff only.
import { appDb } from '@/db/schema';
import { VisitPhotoPathProvider } from '@/features/staff/claims/visit-photos';
import { SubmissionsScreen } from '@/features/staff/submissions/submissions-screen';
import { preloadFirstScreen } from '@/features/staff/submissions/use-cached-rows';
import { staffRoute } from './staff-route';

preloadFirstScreen(appDb());

/** The wizard's photo path, for the photos of a care visit: loaded only when the first one is chosen. */
const loadPhotos = () => import('@/features/wizard/photos');

export default staffRoute((props) => (
  <VisitPhotoPathProvider load={loadPhotos}>
    <SubmissionsScreen {...props} />
  </VisitPhotoPathProvider>
));
