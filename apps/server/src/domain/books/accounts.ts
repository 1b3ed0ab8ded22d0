/**
 * The chart of accounts (docs/books.md). Cash is kept per provider (each collection and payout
 * provider, and the lender's bank); everything else is one account per kind. Codes follow the usual
 * numbering: 1 assets, 2 liabilities, 3 equity, 4 income, 5 expenses.
 */
export type AccountKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

export interface Account {
  code: string;
  name: string;
  kind: AccountKind;
}

/** The fixed accounts; cash accounts are made per provider by cashAccount. */
export const ACCOUNTS = {
  cashAtBank: { code: '1300', name: 'Cash at bank', kind: 'asset' },
  loansReceivable: { code: '1400', name: 'Loans receivable (principal)', kind: 'asset' },
  interestReceivable: { code: '1410', name: 'Interest receivable', kind: 'asset' },
  feesReceivable: { code: '1420', name: 'Service fees receivable', kind: 'asset' },
  chargesReceivable: { code: '1430', name: 'Late charges and rollover fees receivable', kind: 'asset' },
  borrowerCredits: { code: '2100', name: "Borrowers' credits (money received beyond what was owed)", kind: 'liability' },
  payoutsReturned: { code: '2200', name: 'Payouts returned by the bank, owed to borrowers', kind: 'liability' },
  unearnedIncome: { code: '2300', name: 'Unearned interest and service fees', kind: 'liability' },
  suspense: { code: '2400', name: 'Reconciliation suspense (differences with provider reports)', kind: 'liability' },
  openingBalances: { code: '3900', name: 'Opening balances (loans paid out before the books or outside a payout provider)', kind: 'equity' },
  interestIncome: { code: '4100', name: 'Interest income', kind: 'income' },
  feeIncome: { code: '4200', name: 'Fee income (service fees, rollover fees)', kind: 'income' },
  penaltyIncome: { code: '4300', name: 'Penalty income (late interest and the late penalty)', kind: 'income' },
  waivers: { code: '4900', name: 'Waivers (interest and fees waived on a cooling-off cancellation)', kind: 'income' },
  providerFees: { code: '5100', name: 'Provider fees', kind: 'expense' },
} as const satisfies Record<string, Account>;

/** The receivable accounts: what borrowers owe, per order, as their own ledgers say. */
export const RECEIVABLE_CODES: readonly string[] = [
  ACCOUNTS.loansReceivable.code,
  ACCOUNTS.interestReceivable.code,
  ACCOUNTS.feesReceivable.code,
  ACCOUNTS.chargesReceivable.code,
];

/** Which kind of money a provider holds: collections (money in), payouts (money out), or the lender's bank. */
export type ProviderFlow = 'collections' | 'payouts' | 'bank';

/** The provider whose money a book provider name stands for. 'bank' is the lender's own bank account (finance's postings). */
export function flowOf(provider: string): ProviderFlow {
  if (provider === 'bank') return 'bank';
  return PAYOUT_PROVIDERS.has(provider) ? 'payouts' : 'collections';
}
/** The books' names of the payout providers (the payouts room's names, the sandbox's told apart from the collection sandbox's). */
const PAYOUT_PROVIDERS = new Set(['sandbox-payouts', 'sandbox-payouts-inr', 'xendit', 'razorpayx']);

/** The cash account of a provider: 1100-<NAME> for a collection provider, 1200-<NAME> for a payout provider, 1300 the bank. */
export function cashAccount(provider: string): Account {
  const flow = flowOf(provider);
  if (flow === 'bank') return ACCOUNTS.cashAtBank;
  const tag = provider.toUpperCase().replace(/[^A-Z0-9]+/g, '-');
  return flow === 'payouts'
    ? { code: `1200-${tag}`, name: `Cash at payout provider ${provider}`, kind: 'asset' }
    : { code: `1100-${tag}`, name: `Cash at collection provider ${provider}`, kind: 'asset' };
}

/** An account by its code, for the reports (null for a code the chart does not have). */
export function accountOf(code: string): Account | null {
  const fixed = Object.values(ACCOUNTS).find((a) => a.code === code);
  if (fixed) return fixed;
  const cash = /^(1100|1200)-([A-Z0-9-]+)$/.exec(code);
  if (!cash) return null;
  const provider = cash[2]!.toLowerCase();
  return { code, name: `Cash at ${cash[1] === '1200' ? 'payout' : 'collection'} provider ${provider}`, kind: 'asset' };
}

/** The books' name of the payout provider the payouts room calls `name` ('sandbox' pays out pesos, 'sandbox-inr' rupees). */
export function payoutBookProvider(name: string): string {
  if (name === 'sandbox') return 'sandbox-payouts';
  if (name === 'sandbox-inr') return 'sandbox-payouts-inr';
  return name;
}

/**
 * The books' provider and reference of a payment's provider reference (`<source>:<reference>`):
 * `dragonpay:R1` → dragonpay / R1; `sandbox:ch_1` and `sandbox:code:123` → sandbox / ch_1, code:123;
 * `posted:OR-7` (finance's posting of money received at the bank or a counter) → bank / OR-7; a code
 * paid with no provider reference (`code:123`, the demo) is the sandbox counter's.
 */
export function paymentSource(providerRef: string): { provider: string; reference: string } {
  const colon = providerRef.indexOf(':');
  if (colon < 0) return { provider: 'sandbox', reference: providerRef };
  const source = providerRef.slice(0, colon);
  const rest = providerRef.slice(colon + 1);
  if (source === 'posted') return { provider: 'bank', reference: rest };
  if (source === 'code' || source === 'charge') return { provider: 'sandbox', reference: providerRef };
  return { provider: source, reference: rest };
}
