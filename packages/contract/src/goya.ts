/**
 * The obfuscated "goya" family (spec section 7: /gopia/goya/*): the second loan-confirmation
 * variant /manyVoting and the joint-login failure screen /wherePlurality. Success code '00'; any
 * other code toasts the server's message. The spec shows few payloads; where it shows none, each
 * call takes what its non-obfuscated twin takes (noted per call).
 */
import { z } from 'zod';
import { defineCall, emptyAnswer, fixedField, idField, jumpUrl, optionalIdField } from './schema.ts';
import { agreementJump, agreementList, contractJump } from './contracts.ts';
import { loanConfirmation, loanDetailPush, loanSubmission } from './loan-confirm.ts';
import { recommendedProduct } from './loan-details.ts';
import {
  AGREEMENT_SCENE,
  TRACKING_MODULE,
  goyaAgreementJumpRoute,
  goyaAgreementsRoute,
  goyaClickTrackRoute,
  goyaFailureInfoRoute,
  goyaLoanConfirmRoute,
  goyaLoanSubmitRoute,
  goyaProductJumpRoute,
} from './routes.ts';

/** The second confirmation variant adds the server's button label and popup message. */
export const newLoanConfirmation = loanConfirmation.extend({
  /** Label of the confirm button. */
  NewButtonMsg: z.string().describe('label of the confirm button'),
  /** Message of the promotional popup shown on load. */
  NewPopMsg: z.string().describe('message of the popup shown on load'),
});
export type NewLoanConfirmation = z.infer<typeof newLoanConfirmation>;

/** satire: "standard parameters" = the product being confirmed (session parameters ride in the query). */
export const goyaLoanConfirm = {
  payload: z.object({ productId: idField('productId') }),
  answer: newLoanConfirmation,
};

/** cultures: the agreements of scene 3, as contract answers them. */
export const goyaAgreements = {
  payload: z.object({ productId: idField('productId'), scene: fixedField('scene', AGREEMENT_SCENE) }),
  answer: agreementList,
};

/** misunderstood: payload not shown; takes contract-jump's and answers its contract_url. */
export const goyaAgreementJump = {
  payload: agreementJump,
  answer: contractJump.answer,
};

/** depush: payload not shown; takes loan-detail-push's and answers the next URL the same way. */
export const goyaLoanSubmit = {
  payload: loanSubmission,
  answer: loanDetailPush.answer,
};

/** The joint-login failure screen. */
export const loginFailureInfo = z.object({
  noticeMsg: z.string().describe('notice message (name chosen here)'),
  errorMsg: z.string().describe('error message (name chosen here)'),
  /** Order status whose icon the screen shows (unknown statuses use the 200 icon). */
  status: z.number().int().describe('status code choosing the icon (name chosen here)'),
  recProducts: z.array(recommendedProduct),
});
export type LoginFailureInfo = z.infer<typeof loginFailureInfo>;

/** drowns: payload not shown; the product and order the failed joint login was about, when known. */
export const goyaFailureInfo = {
  payload: z.object({ productId: optionalIdField('productId'), orderId: optionalIdField('orderId') }),
  answer: loginFailureInfo,
};

/** because: payload not shown; event/save's fields with the failure page's module 18. */
export const goyaClickTrack = {
  payload: z.object({
    productId: idField('productId'),
    moduleId: fixedField('moduleId', TRACKING_MODULE.failureRecommendations),
    positionId: idField('positionId'),
  }),
  answer: emptyAnswer,
};

/** define: payload not shown; the recommended product to open. */
export const goyaProductJump = {
  payload: z.object({ productId: idField('productId') }),
  answer: z.object({ url: jumpUrl.describe('the product page; opened directly when it starts with http, otherwise via the iOS bridge') }),
};

export const goyaLoanConfirmCall = defineCall(goyaLoanConfirmRoute, goyaLoanConfirm, 'satire: the second-variant loan confirmation data.');
export const goyaAgreementsCall = defineCall(goyaAgreementsRoute, goyaAgreements, 'cultures: the agreements of scene 3.');
export const goyaAgreementJumpCall = defineCall(goyaAgreementJumpRoute, goyaAgreementJump, 'misunderstood: the page of one agreement.');
export const goyaLoanSubmitCall = defineCall(goyaLoanSubmitRoute, goyaLoanSubmit, 'depush: submits the loan and answers the next URL.');
export const goyaFailureInfoCall = defineCall(goyaFailureInfoRoute, goyaFailureInfo, 'drowns: the joint-login failure messages and recommended products.');
export const goyaClickTrackCall = defineCall(goyaClickTrackRoute, goyaClickTrack, 'because: records a click on a recommended product (module 18).');
export const goyaProductJumpCall = defineCall(goyaProductJumpRoute, goyaProductJump, "define: a recommended product's page URL.");
