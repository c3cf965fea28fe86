// POST uploadStaffPhoto, staff only: one photo of a care visit ({"data": base64}), stored for this staff member until
// "Record a visit" joins it (recordVisit); answers its file id.
import { storeStaffPhoto } from '../lib/care/staff-photos';
import { defineFunction } from '../lib/define';

export default defineFunction('uploadStaffPhoto', async ({ staff, body }) => storeStaffPhoto(staff, body.data));
