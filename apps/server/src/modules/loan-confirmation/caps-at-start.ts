/**
 * At start: the market rules must be usable (or the server does not start), and each active product
 * an offer of which would be withheld for breaking a cap is logged once with its reason — the server
 * still starts, and the confirmation screen refuses that product with the same words.
 */
import { PESO_SYMBOL } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { MARKET_RULES, marketRulesProblem } from '../../loan-terms/market-rules.ts';
import { listActiveProducts } from '../../domain/orders/service.ts';
import { termsOf, withheldReason } from './service.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** Throws when the market rules are unusable; answers (and logs) the active products that would be withheld. */
export async function checkCapsAtStart(db: Queryable, now: Date, log: Log): Promise<Array<{ product: string; reason: string }>> {
  const problem = marketRulesProblem(MARKET_RULES);
  if (problem) throw new Error(`Market rules (loan-terms/market-rules.ts): ${problem}`);
  const withheld: Array<{ product: string; reason: string }> = [];
  // Only the Philippines has numeric caps; the peso is its currency.
  for (const product of await listActiveProducts(db)) {
    const reason = withheldReason(product, termsOf(product), PESO_SYMBOL, now);
    if (reason) withheld.push({ product: product.name, reason });
  }
  for (const w of withheld) log.warn(w, 'product withheld: its terms break a legal cap');
  return withheld;
}
