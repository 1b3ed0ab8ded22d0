/**
 * The borrowers room's door for the erasure run and the retention job (issue 39, docs/privacy.md):
 * the identity on the borrower's row replaced and every consent withdrawn, and what the money-laundering
 * laws keep until the retention ends sealed with the card-data key, bound to the borrower.
 */
import { CONSENT_PURPOSES } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import { recordConsent } from './consents.ts';
import { deleteRetainedIdentitiesBefore, insertRetainedIdentity, replaceIdentity, type ErasedIdentity } from './erasure-store.ts';

export { erasedAt, erasedMark, retainedIdentityOf, type ErasedIdentity } from './erasure-store.ts';

/** Where a sealed identity belongs: it does not open as another borrower's. */
const retainedContext = (borrowerId: number): string => `retained_identities.borrower:${borrowerId}`;

/**
 * Replaces the borrower's name, phone and user id, ends their sessions and withdraws every consent
 * (channel 'erasure'), in the caller's transaction. Null when the borrower is erased already.
 */
export async function eraseIdentity(tx: Queryable, borrowerId: number, now: Date): Promise<ErasedIdentity | null> {
  const identity = await replaceIdentity(tx, borrowerId, now);
  if (!identity) return null;
  for (const purpose of CONSENT_PURPOSES) await recordConsent(tx, { borrowerId, purpose, granted: false, channel: 'erasure', at: now });
  return identity;
}

/** Keeps `content` (the identity and the documents as they were) sealed until `keepUntil` (YYYY-MM-DD). */
export async function retainSealed(tx: Queryable, cardData: CardData, r: { borrowerId: number; content: unknown; law: string; keepUntil: string; now: Date }): Promise<void> {
  const sealed = cardData.seal(JSON.stringify(r.content), retainedContext(r.borrowerId));
  await insertRetainedIdentity(tx, { borrowerId: r.borrowerId, sealed, law: r.law, keepUntil: r.keepUntil, now: r.now });
}

/** What a sealed identity holds (for a lawful request, and the tests). */
export function openRetained(cardData: CardData, borrowerId: number, sealed: string): unknown {
  return JSON.parse(cardData.open(sealed, retainedContext(borrowerId)));
}

/** Deletes every sealed identity whose retention ended before `day`; answers their borrowers. */
export const endRetentionBefore = (tx: Queryable, day: string): Promise<number[]> => deleteRetainedIdentitiesBefore(tx, day);
