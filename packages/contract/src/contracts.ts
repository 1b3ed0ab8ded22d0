/** Loan agreements (spec section 7: /v3/contract/*). */
import { z } from 'zod';
import { defineCall, fixedField, idField, intField, optionalIdField } from './schema.ts';
import { AGREEMENT_SCENE, EXTRA_NUMBER_FIELD, FIXED_EXTRA_NUMBER, agreementContentRoute, contractJumpRoute, contractRoute } from './routes.ts';

/** An agreement of the list: its title, and the position contract-jump asks for. */
export const agreementItem = z.object({
  title: z.string(),
  position: z.number().int().nonnegative().describe('sent as position to contract-jump'),
});
export type AgreementItem = z.infer<typeof agreementItem>;

/** The list sits under data.data, as the spec says. */
export const agreementList = z.object({ data: z.array(agreementItem).describe('the agreements; none hides the agreement row') });
export type AgreementList = z.infer<typeof agreementList>;

export const contract = {
  payload: z.object({ productId: idField('productId'), scene: fixedField('scene', AGREEMENT_SCENE) }),
  answer: agreementList,
};

export const agreementJump = z.object({
  productId: idField('productId'),
  scene: fixedField('scene', AGREEMENT_SCENE),
  position: intField('position', 0, 999),
  /** Absent before an order exists (loan confirmation). */
  orderId: optionalIdField('orderId'),
  [EXTRA_NUMBER_FIELD]: fixedField(EXTRA_NUMBER_FIELD, FIXED_EXTRA_NUMBER),
});
export type AgreementJumpPayload = z.input<typeof agreementJump>;

export const contractJump = {
  payload: agreementJump,
  answer: z.object({ contract_url: z.string().describe('the agreement page; the page navigates to it') }),
};
export type AgreementLink = z.infer<typeof contractJump.answer>;

/**
 * The loan agreement page (/toIs) asks for the agreement at `position`, filled with the borrower's and
 * the loan's figures: the order's when orderId is given (it must be the borrower's order of that
 * product), otherwise the loan the confirmation screen offers. Not in the spec's section 7 (chosen here).
 */
export const agreementContent = {
  payload: z.object({
    productId: idField('productId'),
    scene: fixedField('scene', AGREEMENT_SCENE),
    position: intField('position', 0, 999),
    orderId: optionalIdField('orderId'),
  }),
  answer: z.object({
    title: z.string(),
    body: z.string().describe('plain text, paragraphs separated by a blank line; shown as text, never as HTML'),
  }),
};
export type AgreementContent = z.infer<typeof agreementContent.answer>;

export const contractCall = defineCall(contractRoute, contract, 'The agreements of the loan confirmation (scene 3).');
export const contractJumpCall = defineCall(contractJumpRoute, contractJump, 'The page of one agreement.');
export const agreementContentCall = defineCall(
  agreementContentRoute,
  agreementContent,
  "One agreement's text filled with the borrower's and the loan's figures, for the loan agreement page /toIs (chosen here; not in the spec).",
);
