/**
 * The borrower's answer to the reminders: an inbound SMS of STOP (case-insensitive, trimmed) withdraws
 * the consent to SMS payment reminders in the consent ledger (channel 'sms') for every borrower holding
 * that phone, START grants it again; anything else is not a command and changes nothing. Today POST /ops/sms-inbound stands in for the SMS gateway's
 * inbound callback; a real one calls the same function.
 */
import type { AppDeps } from '../../deps.ts';
import { replyToReminders } from '../../domain/borrowers/consents.ts';

export type InboundCommand = 'STOP' | 'START';

export interface InboundAnswer {
  /** The command understood, or null when the text is none. */
  command: InboundCommand | null;
  /** The borrowers it applied to (none when no borrower holds the phone). */
  borrowerIds: number[];
  message: string;
}

export const INBOUND_MESSAGES = {
  stopped: 'Reminders stopped for this phone: no more SMS payment reminders are sent to it.',
  started: 'Reminders started again for this phone.',
  unknownPhone: 'No borrower holds this phone: nothing changed.',
  notACommand: 'Not a command (only STOP and START are understood): nothing changed.',
} as const;

export function inboundCommand(text: string): InboundCommand | null {
  const word = text.trim().toUpperCase();
  return word === 'STOP' || word === 'START' ? word : null;
}

export async function receiveInboundSms(deps: Pick<AppDeps, 'db' | 'clock'>, sms: { phone: string; text: string }): Promise<InboundAnswer> {
  const command = inboundCommand(sms.text);
  if (!command) return { command, borrowerIds: [], message: INBOUND_MESSAGES.notACommand };
  const borrowerIds = await deps.db.transaction((tx) => replyToReminders(tx, sms.phone, command === 'START', deps.clock.now()));
  if (borrowerIds.length === 0) return { command, borrowerIds, message: INBOUND_MESSAGES.unknownPhone };
  return { command, borrowerIds, message: command === 'STOP' ? INBOUND_MESSAGES.stopped : INBOUND_MESSAGES.started };
}
