// /staff/photo/{fileId}, one registration photo (the export's "Image URL"), for staff only.
import { StaffPhotoScreen } from '@/features/staff/submissions/staff-photo';
import { staffRoute } from './staff-route';

export default staffRoute(StaffPhotoScreen);
