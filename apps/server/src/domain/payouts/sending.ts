/**
 * Sending a payout attempt to its provider, and asking again about those with no news (the job
 * `payout-status` of jobs.ts). Exactly once, whatever is retried, restarted or raced: every call to
 * the provider carries the attempt's reference as its idempotency key, a retry asks the provider's
 * status first and makes the payout only when the provider never made one, and what the provider
 * answers is acted on once (arrival.ts).
 *
 * The account number is opened only here, for the provider call (domain/bank-cards/payout-account.ts),
 * and never logged.
 */
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import type { PayoutProviders } from '../../providers/payouts/choose.ts';
import { PayoutProviderUnavailable, type PayoutAnswer, type PayoutProvider } from '../../providers/payouts/payout-provider.ts';
import { findAccount } from '../bank-cards/service.ts';
import { payoutAccountNumber } from '../bank-cards/payout-account.ts';
import { findBorrowers } from '../borrowers/service.ts';
import { loadOrder } from '../orders/service.ts';
import { applyPayoutAnswer, type PayoutEvent } from './arrival.ts';
import { claimForCheck, loadPayout, markChecked, processingCheckedBefore, type PayoutRow } from './store.ts';

export interface PayoutDeps {
  db: Db;
  clock: Clock;
  cardData: CardData;
  payouts: PayoutProviders;
}

async function requestOf(deps: PayoutDeps, payout: PayoutRow) {
  const order = (await loadOrder(deps.db, payout.orderId))!;
  const borrower = (await findBorrowers(deps.db, [order.borrowerId]))[0]!;
  const account = (await findAccount(deps.db, payout.accountId))!;
  const accountNumber = await payoutAccountNumber(deps, payout.accountId);
  if (!accountNumber) throw new Error(`Payout ${payout.reference}: its account keeps no number`);
  return {
    reference: payout.reference,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    // The name the borrower gave as the account's, else the borrower's own.
    account: { bankCode: account.bankCode, bankName: account.bankName, accountNumber, holderName: account.fields.accountName || borrower.name },
    contact: { name: borrower.name, phone: borrower.mobilePhone },
    narration: `Loan ${order.orderNo}`,
  };
}

/**
 * What asking the provider came to: its answer acted on, or no answer (the attempt stays processing,
 * asked about again by the status job); `error` when the call failed otherwise (e.g. our credentials
 * refused), which the job logs: the attempt stays processing then too, never made again under a new key.
 */
export type SendOutcome = { event: PayoutEvent | 'no-answer'; payout: PayoutRow; error?: string };

async function act(deps: PayoutDeps, payout: PayoutRow, ask: (provider: PayoutProvider) => Promise<PayoutAnswer>): Promise<SendOutcome> {
  const provider = deps.payouts.byName(payout.provider);
  if (!provider) throw new Error(`Payout ${payout.reference}: no payout provider named ${payout.provider} on this server`);
  let answer: PayoutAnswer;
  try {
    answer = await ask(provider);
  } catch (err) {
    await markChecked(deps.db, payout.id, deps.clock.now());
    return { event: 'no-answer', payout, ...(err instanceof PayoutProviderUnavailable ? {} : { error: (err as Error).message }) };
  }
  const applied = await deps.db.transaction((tx) => applyPayoutAnswer(tx, answer, deps.clock.now()));
  return { event: applied.event, payout: applied.payout ?? payout };
}

/** Sends a new attempt (just released): the provider makes it under its reference. */
export async function sendPayout(deps: PayoutDeps, payoutId: number): Promise<SendOutcome> {
  const payout = (await loadPayout(deps.db, payoutId))!;
  if (payout.status !== 'processing') return { event: 'unchanged', payout };
  return act(deps, payout, async (provider) => provider.createPayout(await requestOf(deps, payout)));
}

/**
 * Asks about an attempt with no news: the provider's status first; only when the provider never made
 * it (a crash or a lost call before it got there) is it made now, under the same reference.
 */
export async function checkPayout(deps: PayoutDeps, payout: PayoutRow): Promise<SendOutcome> {
  return act(deps, payout, async (provider) => (await provider.payoutStatus(payout.reference)) ?? provider.createPayout(await requestOf(deps, payout)));
}

/** One pass of the status job: payouts processing with no news for `quietMs`, each claimed by one process. */
export async function checkQuietPayouts(deps: PayoutDeps, quietMs: number, limit = 50): Promise<SendOutcome[]> {
  const now = deps.clock.now();
  const quiet = await processingCheckedBefore(deps.db, new Date(now.getTime() - quietMs), limit);
  const outcomes: SendOutcome[] = [];
  for (const payout of quiet) {
    if (!(await claimForCheck(deps.db, payout, now))) continue; // another process is asking
    outcomes.push(await checkPayout(deps, payout));
  }
  return outcomes;
}
