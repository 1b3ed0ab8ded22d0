/**
 * The erasure run (issue 39, docs/privacy.md "What erasure keeps"): one borrower's personal data
 * erased or anonymised in the caller's transaction, so nothing is half-erased. Every room and family
 * erases its own part through its door or its PersonalDataSection; the ledgers, the journal, the
 * payments, the orders and the contact records stay under the borrower's id. While the law still
 * keeps the records, the identity and the documents as confirmed are sealed in retained_identities
 * (the retention job deletes them when it ends). Files (photos) and a provider's own copies are
 * removed once the transaction has committed: the caller runs `afterCommit`.
 */
import type { Market } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { redact, type PersonalDataSection } from '../../platform/personal-data.ts';
import { forgetKeysOf } from '../../platform/http/idempotency.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { keptUntil, RETENTION } from '../../loan-terms/data-rights.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { eraseIdentity, retainSealed } from '../../domain/borrowers/erasure.ts';
import { eraseAccounts } from '../../domain/bank-cards/service.ts';
import { listBorrowerOrders, redactBorrowerDocuments, type OrderRow } from '../../domain/orders/service.ts';
import { eraseAttemptTexts } from '../../domain/contacts/contacts.ts';
import { eraseCollectionTexts } from '../../domain/collections/collections.ts';
import { eraseRequestValues } from './store.ts';

export type ErasureDeps = Pick<AppDeps, 'cardData' | 'storage' | 'config' | 'sms'>;

export interface ErasureRun {
  /** Rows erased or changed, per part. */
  parts: Record<string, number>;
  /** The last day the sealed identity is kept ('' when the law keeps nothing: none was sealed). */
  retainedUntil: string;
  /** Removes the photos and the providers' copies; run it once the transaction has committed. */
  afterCommit: () => Promise<void>;
}

/** Closed for good: settled, or refused before any money moved. */
const CLOSED: readonly number[] = [ORDER_STATUS.settled, ORDER_STATUS.rejected];
export const hasOpenLoan = (orders: readonly OrderRow[]): boolean => orders.some((o) => !CLOSED.includes(o.status));

const yearsOf = (config: ErasureDeps['config'], market: Market) => (market === 'IN' ? config.RETENTION_YEARS_IN : config.RETENTION_YEARS_PH);

/**
 * Until when the law keeps the borrower's loan and payment records, and under which law: the last
 * loan settled plus the market's years (India's when any loan is Indian). Null when nothing is kept:
 * no loan ever paid out, or the period has ended.
 */
export function retentionOf(config: ErasureDeps['config'], orders: readonly OrderRow[], now: Date): { law: string; keepUntil: string } | null {
  const settled = orders.filter((o) => o.status === ORDER_STATUS.settled);
  if (settled.length === 0) return null;
  const market: Market = orders.some((o) => o.market === 'IN') ? 'IN' : 'PH';
  const lastClosed = Math.max(...settled.map((o) => (o.settledAt ?? o.updatedAt).getTime()));
  const until = keptUntil(new Date(lastClosed), market, yearsOf(config, market));
  return until >= dayToIsoDate(lenderDay(now)) ? { law: RETENTION[market].law, keepUntil: until } : null;
}

/**
 * Erases the borrower in the caller's transaction. Refuses (null) a borrower already erased. The
 * caller has checked that no loan is open (an open loan still needs its borrower's phone and name).
 */
export async function eraseBorrower(
  tx: Queryable,
  deps: ErasureDeps,
  borrowerId: number,
  sections: readonly PersonalDataSection[],
  now: Date,
  notice: ((retainedUntil: string) => { text: string; reference: string }) | null = null,
): Promise<ErasureRun | null> {
  const orders = await listBorrowerOrders(tx, borrowerId);
  const identity = await eraseIdentity(tx, borrowerId, now);
  if (!identity) return null;
  const retention = retentionOf(deps.config, orders, now);
  // A name or phone is also written inside JSON (an agreement's body): its escaped form is redacted too.
  const values = [identity.name, identity.mobilePhone, identity.userId].flatMap((v) => [v, JSON.stringify(v).slice(1, -1)]);
  const redactText = (text: string) => redact(text, values);
  const orderIds = orders.map((o) => o.id);

  const documents = await redactBorrowerDocuments(tx, borrowerId, redactText, now);
  const parts: Record<string, number> = {
    profile: 1,
    accounts: await eraseAccounts(tx, borrowerId, retention !== null),
    documents: documents.length,
    contactAttempts: await eraseAttemptTexts(tx, borrowerId),
    collections: await eraseCollectionTexts(tx, orderIds, redactText),
    requests: await eraseRequestValues(tx, borrowerId),
    storedAnswers: await forgetKeysOf(tx, borrowerId),
  };
  const subject = { id: borrowerId, mobilePhone: identity.mobilePhone, name: identity.name };
  const imageKeys: string[] = [];
  const providers: Array<() => Promise<unknown>> = [];
  for (const section of sections) {
    const erased = await section.erase(tx, subject);
    parts[section.key] = erased.rows;
    imageKeys.push(...erased.imageKeys);
    if (erased.afterCommit) providers.push(erased.afterCommit);
  }
  if (retention) {
    await retainSealed(tx, deps.cardData, {
      borrowerId,
      content: { identity, documents: documents.map((d) => ({ orderId: d.orderId, kind: d.kind, position: d.position, sha256: d.sha256, body: d.body })) },
      law: retention.law,
      keepUntil: retention.keepUntil,
      now,
    });
  }
  return {
    parts,
    retainedUntil: retention?.keepUntil ?? '',
    afterCommit: async () => {
      for (const key of imageKeys) await deps.storage.remove(key);
      // The borrower is told it is done on the phone they had, before the providers forget it.
      if (notice) {
        const { text, reference } = notice(retention?.keepUntil ?? '');
        await deps.sms.send({ phone: identity.mobilePhone, text, reference }).catch(() => undefined);
      }
      for (const forget of providers) await forget();
    },
  };
}
