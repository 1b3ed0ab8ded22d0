-- The borrower's records (issue 22, docs/records.md): the documents a borrower confirmed, frozen at
-- the push; the SMS payment reminders sent (one per order, instalment, due date and kind); a
-- borrower's STOP to those reminders; and an SMS's own reference, so a gateway (and the dev outbox)
-- sends a message retried after a crash only once.

-- The Disclosure Statement / Key Fact Statement and each loan agreement exactly as confirmed: the body
-- is the document's canonical JSON as written at confirmation, sha256 its digest (hex). Never updated.
CREATE TABLE confirmed_documents (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders (id),
  kind         text NOT NULL CHECK (kind IN ('disclosure', 'agreement')),
  -- The agreement's position (0 for the disclosure).
  position     int NOT NULL DEFAULT 0,
  title        text NOT NULL,
  body         text NOT NULL,
  sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  confirmed_at timestamptz NOT NULL,
  UNIQUE (order_id, kind, position)
);

CREATE FUNCTION confirmed_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'confirmed_documents rows are immutable (order %)', OLD.order_id;
END;
$$;
CREATE TRIGGER confirmed_documents_no_update BEFORE UPDATE ON confirmed_documents
  FOR EACH ROW EXECUTE FUNCTION confirmed_documents_immutable();

-- A borrower who replied STOP gets no SMS payment reminders (START clears it).
ALTER TABLE borrowers ADD COLUMN reminders_stopped_at timestamptz;

-- One row per reminder: claimed ('sending') before the SMS is handed to the provider with the row's
-- reference, then 'sent'. The unique key makes a second run, a restart or a second process find it.
-- 'dropped': a claim left by a stopped process that was no longer due when taken again (the order was
-- paid, the borrower replied STOP, or a later reminder of the instalment became due); never sent again.
CREATE TABLE payment_reminders (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders (id),
  seq          int NOT NULL,
  due_on       date NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('before_3', 'due', 'overdue_1', 'overdue_3', 'overdue_7')),
  status       text NOT NULL CHECK (status IN ('sending', 'sent', 'dropped')),
  phone        text NOT NULL,
  body         text NOT NULL,
  provider_ref text,
  claimed_at   timestamptz NOT NULL,
  sent_at      timestamptz,
  UNIQUE (order_id, seq, due_on, kind)
);
CREATE INDEX payment_reminders_sending ON payment_reminders (claimed_at) WHERE status = 'sending';
-- The reminder job's candidates: unpaid instalments by due date.
CREATE INDEX repayment_plans_open_due ON repayment_plans (due_at) WHERE settled_at IS NULL;

-- The sender's reference of a message: the dev outbox keeps one message per reference.
ALTER TABLE sms_outbox ADD COLUMN reference text;
CREATE UNIQUE INDEX sms_outbox_reference ON sms_outbox (reference) WHERE reference IS NOT NULL;
