import { route } from '../common.ts';
import type * as bindBank from '../bind-bank.ts';

// ---- bank form ------------------------------------------------------------------------------------
/** The card type the bank screen starts on. */
export const DEFAULT_CARD_TYPE = 1;
/** cardTypeMi value meaning "shown for every card type". */
export const ALL_CARD_TYPES = 0;
/** The channel number the bank screen starts with. */
export const DEFAULT_CHANNEL_NUMBER = '90006';
/** An item's channelNumber meaning "shown for every channel". */
export const ALL_CHANNELS = '';
/**
 * The code of the channel picker: choosing one of its options while the card type is 1 makes that
 * option's type the selected channel number, and its value is the account's channel on save.
 */
export const BANK_CHANNEL_FIELD = 'channel';
/** The card type whose fields follow the selected channel (spec section 4: "when card type is 1"). */
export const CHANNEL_CARD_TYPE = 1;
/**
 * Whether a bank form item is shown (and saved, and checked by the server) for a card type and
 * channel (spec section 4): hidden when its cardTypeMi is neither 0 nor the card type, or when the
 * card type is 1 and its channelNumber is neither '' nor the selected channel. One rule for both sides.
 */
export function bankItemShown(item: Pick<bindBank.BankFormItem, 'cardTypeMi' | 'channelNumber'>, cardType: number, channelNumber: string): boolean {
  if (item.cardTypeMi !== ALL_CARD_TYPES && item.cardTypeMi !== cardType) return false;
  if (cardType === CHANNEL_CARD_TYPE && item.channelNumber !== ALL_CHANNELS && item.channelNumber !== channelNumber) return false;
  return true;
}

// ---- bind card (/candidateWhile) ------------------------------------------------------------------
export const cardInitRoute = route<typeof bindBank.cardInit>({ method: 'POST', path: '/v3/bind-card/card-init', codeForm: 'zero' });
export const bindCardNewRoute = route<typeof bindBank.bindCard>({ method: 'POST', path: '/v3/bind-card/bind-card-new', codeForm: 'zero' });
/** The variant the bank screen saves with when it was opened from the order page (source=loanDetail). */
export const bindCardChangeRoute = route<typeof bindBank.bindCard>({
  method: 'POST',
  path: '/v3/bind-card/bind-card-change',
  codeForm: 'zero',
});
