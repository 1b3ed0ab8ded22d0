/**
 * Where text messages go. The server only talks to this interface: the local implementation
 * (dev-outbox.ts) writes each message to the sms_outbox table, which the dev back office reads
 * (GET /ops/sms-outbox); a real deployment implements send() with its SMS gateway's API and hands
 * it in through app deps (main.ts) instead. See docs/promotion.md.
 */
export interface SmsMessage {
  /** The mobile number as the borrower entered it (digits only). */
  phone: string;
  text: string;
  /**
   * The sender's own reference of this message (e.g. 'reminder:42'). A provider sends one message per
   * reference: a repeat answers the first providerRef and sends nothing, so a message retried after a
   * crash (the process stopped between the provider's accept and our record of it) reaches the phone
   * once. A real gateway adapter maps it to the gateway's client reference or keeps the map itself.
   */
  reference?: string | undefined;
}

export interface SmsProvider {
  /**
   * Sends one message; resolves with the provider's reference once the provider has accepted it,
   * rejects when it refused or could not be reached (the caller then tells the borrower to retry).
   */
  send(message: SmsMessage): Promise<{ providerRef: string }>;
  /**
   * The messages this provider sent to a phone, oldest first, where it keeps them (the dev outbox
   * does; a real gateway's adapter answers its delivery log, or leaves this out). "My data" lists them.
   */
  sentTo?(phone: string): Promise<Array<{ text: string; at: Date }>>;
  /**
   * Deletes what this provider keeps of the messages sent to a phone (the erasure run, issue 39);
   * answers how many. A real gateway's adapter asks the gateway to delete its log where its API can,
   * or leaves this out (its retention is then the gateway's contract's, docs/privacy.md).
   */
  forget?(phone: string): Promise<number>;
}
