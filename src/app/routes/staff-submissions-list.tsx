// /submissionslist, the read-only list of submissions, for staff only.
import { SubmissionsList } from '@/features/staff/submissions-list';
import { staffRoute } from './staff-route';

export default staffRoute(SubmissionsList);
