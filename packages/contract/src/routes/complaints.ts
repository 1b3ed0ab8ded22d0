import { route } from '../common.ts';
import type * as complaints from '../complaints.ts';

// ---- complaints ---------------------------------------------------------------------------------
export const problemDetailRoute = route<typeof complaints.problemDetail>({
  method: 'POST',
  path: '/user-problem/problem-detail',
  family: 'doubleZero',
});
export const saveScoreRoute = route<typeof complaints.saveScore>({ method: 'POST', path: '/user-problem/save-score', family: 'doubleZero' });
const PROBLEM_INIT = '/user-problem/problem-init';
export const problemInitRoute = route<typeof complaints.problemInit>({ method: 'POST', path: PROBLEM_INIT, family: 'doubleZero' });
/** The GET variant of problem-init: the same payload in the query, beside the session parameters. */
export const problemInitByQueryRoute = route<typeof complaints.problemInit>({
  method: 'GET',
  path: PROBLEM_INIT,
  family: 'doubleZero',
});
export const uploadProblemImgRoute = route<typeof complaints.uploadProblemImg>({
  method: 'POST',
  path: '/user-problem/upload-problem-img',
  family: 'doubleZero',
  body: 'multipart',
});
export const problemSaveRoute = route<typeof complaints.problemSave>({ method: 'POST', path: '/user-problem/problem-save', family: 'doubleZero' });
export const problemListRoute = route<typeof complaints.problemList>({ method: 'POST', path: '/user-problem/problem-list', family: 'doubleZero' });
