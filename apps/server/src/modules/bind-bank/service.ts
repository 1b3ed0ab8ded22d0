/**
 * The bank screen's rules: card-init answers the merchant's form with the borrower's saved values
 * (account numbers masked); a save is checked field by field against the form before anything is
 * written, then stored as the borrower's current payment account, and the card-binding prompt of
 * the borrower's orders of that product is turned off. docs/bind-bank.md has the whole story.
 */
import type { BankForm, ParsedPayloadOf, bindCardNewCall } from '@cashloan/contract';
import { BANK_CHANNEL_FIELD, bankItemShown } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { protectPayoutNumber } from '../../domain/bank-cards/card-numbers.ts';
import { currentAccount, currentAccountIs, insertAccount, replaceCurrentAccounts, type AccountRow, type BoundVia, type NewAccount } from '../../domain/bank-cards/service.ts';
import { lockBorrower, type Borrower } from '../../domain/borrowers/service.ts';
import { borrowerOrdersOfProduct, clearCardPrompt, productExists, setPayoutAccount } from '../../domain/orders/service.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import { PAYOUT_NUMBER_FIELD, holdsAccountNumber, maskNumber } from './account-number.ts';
import { parseDefinition, toWireItem, type StoredBankItem } from './form-definition.ts';
import { loadFormDefinition } from './store.ts';
import { validateSave, type ValidSave } from './validate.ts';

/** Statuses of a loan that may still pay out or be paid: an account change applies to these. */
export const OPEN_ORDER_STATUSES = [ORDER_STATUS.inReview, ORDER_STATUS.disbursing, ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue];

/** The picker whose chosen option names the bank of a bank account. */
export const BANK_FIELD = 'bankCode';

export const MESSAGES = {
  noForm: 'Payment accounts cannot be added for this lender yet. Please contact customer service.',
  noProduct: 'product_id does not name a loan product.',
  noOrder: 'No loan of this product was found, so there is no account to change. Please go back to your order and try again.',
} as const;

type SavePayload = ParsedPayloadOf<typeof bindCardNewCall>;

async function formOf(db: Queryable, merchantNumber: string): Promise<StoredBankItem[]> {
  const raw = await loadFormDefinition(db, merchantNumber);
  if (raw === null) throw notFound(MESSAGES.noForm);
  return parseDefinition(merchantNumber, raw);
}

async function requireProduct(db: Queryable, productId: string): Promise<number> {
  const id = Number(productId);
  if (!(await productExists(db, id))) throw notFound(MESSAGES.noProduct);
  return id;
}

/** The saved value an item shows: the current account's, when the item belongs to that account's card type and channel. */
function savedValue(item: StoredBankItem, account: AccountRow | null): string {
  if (!account || !bankItemShown(item, account.cardType, account.channelNumber)) return item.value;
  return account.fields[item.code] ?? item.value;
}

/** card-init: the merchant's form, in order, with the borrower's saved values. */
export async function cardInit(deps: Pick<AppDeps, 'db'>, borrower: Borrower, productId: string): Promise<BankForm> {
  const { db } = deps;
  const items = await formOf(db, borrower.merchantNumber);
  await requireProduct(db, productId);
  const account = await currentAccount(db, borrower.id);
  return { items: items.map((item) => toWireItem(item, savedValue(item, account))) };
}

/** The row a valid save stores: every number masked, the payout number also hashed and encrypted, the bank named by its option. */
export function accountFrom(valid: ValidSave, borrowerId: number, productId: number, boundVia: BoundVia, cardData: CardData): NewAccount {
  const fields: Record<string, string> = {};
  let cardNo = '';
  let cardNoMasked = '';
  for (const item of valid.shown) {
    const value = valid.values[item.code];
    if (value === undefined) continue;
    if (!holdsAccountNumber(item)) {
      fields[item.code] = value;
      continue;
    }
    const masked = maskNumber(value, item.inputType);
    fields[item.code] = masked;
    if (item.code === PAYOUT_NUMBER_FIELD) {
      cardNo = value;
      cardNoMasked = masked;
    }
  }
  // A bank account names its bank; an e-wallet's provider is its channel option (GCash, Maya).
  const chosen = (code: string) => valid.shown.find((i) => i.cate === 'enum' && i.code === code && valid.values[i.code] !== undefined);
  const provider = chosen(BANK_FIELD) ?? chosen(BANK_CHANNEL_FIELD);
  const option = provider?.note.find((o) => o.type === valid.values[provider.code]);
  return {
    borrowerId,
    productId,
    boundVia,
    cardType: valid.cardType,
    channelNumber: valid.channel,
    bankName: option?.name ?? '',
    bankCode: option?.type ?? '',
    cardNoMasked,
    ...protectPayoutNumber(cardData, borrowerId, cardNo),
    fields,
  };
}

/**
 * bind-card-new and bind-card-change: checks every shown field, then stores the account as the
 * borrower's current one (a save identical to the current account adds no row) and turns off the
 * card-binding prompt on the borrower's orders of the product. bind-card-change also needs a loan
 * of that product and makes its open orders pay out to the account. Nothing is written on failure.
 */
export async function saveAccount(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cardData'>,
  borrower: Borrower,
  payload: SavePayload,
  boundVia: BoundVia,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const items = await formOf(db, borrower.merchantNumber);
  const productId = await requireProduct(db, payload.product_id);
  const valid = validateSave(items, payload.cardType, payload);
  const account = accountFrom(valid, borrower.id, productId, boundVia, deps.cardData);
  await db.transaction(async (tx) => {
    await lockBorrower(tx, borrower.id);
    const orders = await borrowerOrdersOfProduct(tx, borrower.id, productId);
    if (boundVia === 'bind-card-change' && orders.length === 0) throw notFound(MESSAGES.noOrder);
    const current = await currentAccount(tx, borrower.id);
    let accountId: number;
    if (current && (await currentAccountIs(tx, current.id, account))) {
      accountId = current.id;
    } else {
      await replaceCurrentAccounts(tx, borrower.id, now);
      accountId = await insertAccount(tx, account, now);
    }
    if (boundVia === 'bind-card-change') {
      const open = orders.filter((o) => (OPEN_ORDER_STATUSES as readonly number[]).includes(o.status)).map((o) => o.id);
      await setPayoutAccount(tx, open, accountId, now);
    }
    await clearCardPrompt(tx, borrower.id, productId, now);
  });
}
