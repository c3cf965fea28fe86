// GET getSubmissions, staff only: every submission, for the read-only list screen.
import { defineFunction } from '../lib/define';
import { submissionsRepo } from '../lib/registrations/staff-repository';

export default defineFunction('getSubmissions', () => submissionsRepo().all());
