/**
 * The contacts room (issue 38): every contact with a borrower about a debt asks here, in the
 * caller's transaction. The day's attempts are counted (by anyone, on the order's market calendar),
 * the contact guard (loan-terms/contact-guard.ts) decides, and the attempt is recorded: made, or
 * refused with its reason (a refusal of the same contact is kept once a day).
 */
import type { Config } from '../../config.ts';
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
  /** A message: the template it was filled from, and its text. */
  templateId?: number | null;
  body?: string | null;
}

/** The guard's answer, and the attempt recorded (null: a refusal kept already today). */
export type ContactOutcome = ContactDecision & { attemptId: number | null };

/** Asks the guard whether the contact may be made now, and records the answer. */
export async function askToContact(tx: Queryable, request: ContactRequest): Promise<ContactOutcome> {
  const day = dayToIsoDate(lenderDay(request.at, request.market));
  const attemptsToday = await attemptsMadeOn(tx, request.borrowerId, day);
  const decision = checkContact({ ...request, attemptsToday });
  const attemptId = await insertAttempt(tx, {
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
    templateId: request.templateId ?? null,
    body: decision.allowed ? (request.body ?? null) : null,
  });
  return { ...decision, attemptId };
}

/** What the guard would answer now, without recording anything (the desk shows the next allowed time). */
export async function previewContact(db: Queryable, request: Omit<ContactRequest, 'reference' | 'borrowerId' | 'orderId' | 'staffId'> & { borrowerId: number }): Promise<ContactDecision> {
  const attemptsToday = await attemptsMadeOn(db, request.borrowerId, dayToIsoDate(lenderDay(request.at, request.market)));
  return checkContact({ ...request, attemptsToday });
}

export { attemptsOf, eraseAttemptTexts, lastContacts, lockAttempt, orderAttempts, setOutcome, type AttemptRow, type CallRow, type OrderAttemptRow } from './store.ts';

/** The borrower's grievance officer as every recovery message names them (India): name, e-mail, phone. */
export const grievanceOfficerOf = (config: Pick<Config, 'GRIEVANCE_OFFICER_NAME' | 'GRIEVANCE_OFFICER_EMAIL' | 'GRIEVANCE_OFFICER_PHONE'>) =>
  `${config.GRIEVANCE_OFFICER_NAME}, ${config.GRIEVANCE_OFFICER_EMAIL}, ${config.GRIEVANCE_OFFICER_PHONE}`;
