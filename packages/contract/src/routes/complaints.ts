import { route } from '../common.ts';
import type * as complaints from '../complaints.ts';

// ---- complaints ---------------------------------------------------------------------------------
export const problemDetailRoute = route<typeof complaints.problemDetail>({
  method: 'POST',
  path: '/user-problem/problem-detail',
  codeForm: 'doubleZero',
});
export const saveScoreRoute = route<typeof complaints.saveScore>({ method: 'POST', path: '/user-problem/save-score', codeForm: 'doubleZero' });
const PROBLEM_INIT = '/user-problem/problem-init';
export const problemInitRoute = route<typeof complaints.problemInit>({ method: 'POST', path: PROBLEM_INIT, codeForm: 'doubleZero' });
/** The GET variant of problem-init: the same payload in the query, beside the session parameters. */
export const problemInitByQueryRoute = route<typeof complaints.problemInit>({
  method: 'GET',
  path: PROBLEM_INIT,
  codeForm: 'doubleZero',
});
export const uploadProblemImgRoute = route<typeof complaints.uploadProblemImg>({
  method: 'POST',
  path: '/user-problem/upload-problem-img',
  codeForm: 'doubleZero',
  body: 'multipart',
});
export const problemSaveRoute = route<typeof complaints.problemSave>({ method: 'POST', path: '/user-problem/problem-save', codeForm: 'doubleZero' });
export const problemListRoute = route<typeof complaints.problemList>({ method: 'POST', path: '/user-problem/problem-list', codeForm: 'doubleZero' });
