/**
 * What each provider charges per transaction, as the lender's contract with it says, in minor units
 * of the transaction's currency. Booked with each payment and payout (provider fees expense, out of
 * the provider's cash), so a provider's report that charged something else shows as "fee differs".
 * A new provider's contract is one line here (docs/books.md).
 */
const FEE_PER_TRANSACTION_MINOR: Record<string, number> = {
  // Collections
  sandbox: 1000,
  dragonpay: 2000,
  // Payouts
  'sandbox-payouts': 1000,
  'sandbox-payouts-inr': 500,
  xendit: 1000,
  razorpayx: 590,
  // Finance's postings: money that reached the lender's own bank account costs nothing here.
  bank: 0,
};

/** The fee the provider charges for one transaction (0 for a provider with no contract line). */
export function providerFeeMinor(provider: string): number {
  return FEE_PER_TRANSACTION_MINOR[provider] ?? 0;
}
