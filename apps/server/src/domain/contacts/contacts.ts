/**
 * The contacts room (issue 38): every contact with a borrower about a debt asks here, in the
 * caller's transaction. The day's attempts are counted (by anyone, on the order's market calendar),
 * the contact guard (loan-terms/contact-guard.ts) decides, and the attempt is recorded: made, or
 * refused with its reason (a refusal of the same contact is kept once a day).
 */
import type { Queryable } from '../../platform/db/client.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { checkContact, type ContactAsk, type ContactDecision } from '../../loan-terms/contact-guard.ts';
import { attemptsMadeOn, insertAttempt } from './store.ts';

export interface ContactRequest extends Omit<ContactAsk, 'attemptsToday'> {
  borrowerId: number;
  orderId: number | null;
  staffId: number | null;
  /** What the contact is (e.g. 'reminder:<order>:<seq>:<due>:<kind>'): one refusal of it is kept a day. */
  reference: string;
}

/** Asks the guard whether the contact may be made now, and records the answer. */
export async function askToContact(tx: Queryable, request: ContactRequest): Promise<ContactDecision> {
  const day = dayToIsoDate(lenderDay(request.at, request.market));
  const attemptsToday = await attemptsMadeOn(tx, request.borrowerId, day);
  const decision = checkContact({ ...request, attemptsToday });
  await insertAttempt(tx, {
    borrowerId: request.borrowerId,
    orderId: request.orderId,
    channel: request.channel,
    madeBy: request.by,
    staffId: request.staffId,
    party: request.party,
    refusal: decision.allowed ? null : { reason: decision.reason, message: decision.message, nextAllowedAt: decision.nextAllowedAt },
    reference: request.reference,
    lenderDay: day,
    at: request.at,
  });
  return decision;
}

export { attemptsOf, type AttemptRow } from './store.ts';
