/** The order-details calls: each route of routes/order-details.ts with its schemas of order-details.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import {
  eventSaveRoute,
  googleScoreRoute,
  goyaClickTrackRoute,
  goyaFailureInfoRoute,
  goyaProductJumpRoute,
  loanCollectorRoute,
  loanDetailsRoute,
} from '../routes/order-details.ts';
import { eventSave, googleScore, goyaClickTrack, goyaFailureInfo, goyaProductJump, loanCollector, loanDetails } from '../order-details.ts';

export const loanDetailsCall = defineCall(loanDetailsRoute, loanDetails, 'The order details screen: status, details, prompts and recommendations.');
export const loanCollectorCall = defineCall(
  loanCollectorRoute,
  loanCollector,
  "Who handles an overdue order's collection (agency, agent, phone) on the order details screen; null unless the order is overdue.",
);
export const googleScoreCall = defineCall(googleScoreRoute, googleScore, 'Records the app rating (the submitted score is always 5).');
export const eventSaveCall = defineCall(eventSaveRoute, eventSave, 'Records a tracking event (module 30: Borrow Again).');
export const goyaFailureInfoCall = defineCall(goyaFailureInfoRoute, goyaFailureInfo, 'drowns: the joint-login failure messages and recommended products.');
export const goyaClickTrackCall = defineCall(goyaClickTrackRoute, goyaClickTrack, 'because: records a click on a recommended product (module 18).');
export const goyaProductJumpCall = defineCall(goyaProductJumpRoute, goyaProductJump, "define: a recommended product's page URL.");
