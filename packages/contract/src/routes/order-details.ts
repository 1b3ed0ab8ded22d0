import { route } from '../common.ts';
import type * as orderDetails from '../order-details.ts';

// ---- order details (/allIt, /anFrom) ------------------------------------------------------------
export const loanDetailsRoute = route<typeof orderDetails.loanDetails>({ method: 'POST', path: '/v3/loan-details/loan-details', codeForm: 'zero' });
/** Ours (issue 38): who handles an overdue order (agency, agent, phone), or null; the page asks only for an overdue order. */
export const loanCollectorRoute = route<typeof orderDetails.loanCollector>({ method: 'GET', path: '/v3/loan-details/collector', codeForm: 'zero' });
export const googleScoreRoute = route<typeof orderDetails.googleScore>({ method: 'POST', path: '/v3/loan-details/google-score', codeForm: 'zero' });

// ---- tracking -----------------------------------------------------------------------------------
export const eventSaveRoute = route<typeof orderDetails.eventSave>({ method: 'POST', path: '/service/event/save', codeForm: 'zero' });

// ---- obfuscated goya family: the login-failure page's calls ------------------------------------
const GOYA = '/gopia/goya';
/** drowns: the joint-login failure messages and recommended products. */
export const goyaFailureInfoRoute = route<typeof orderDetails.goyaFailureInfo>({ method: 'POST', path: `${GOYA}/drowns`, codeForm: 'doubleZero' });
/** because: click tracking of a recommended product. */
export const goyaClickTrackRoute = route<typeof orderDetails.goyaClickTrack>({ method: 'POST', path: `${GOYA}/because`, codeForm: 'doubleZero' });
/** define: a recommended product's jump URL. */
export const goyaProductJumpRoute = route<typeof orderDetails.goyaProductJump>({ method: 'POST', path: `${GOYA}/define`, codeForm: 'doubleZero' });
