/** Loan agreements (spec section 7: /v3/contract/*). */
import { z } from 'zod';
import { defineCall, fixedField, idField, intField, optionalIdField } from './schema.ts';
import { AGREEMENT_SCENE, EXTRA_NUMBER_FIELD, FIXED_EXTRA_NUMBER, contractJumpRoute, contractRoute } from './routes.ts';

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

export const contractCall = defineCall(contractRoute, contract, 'The agreements of the loan confirmation (scene 3).');
export const contractJumpCall = defineCall(contractJumpRoute, contractJump, 'The page of one agreement.');
