-- Payments for real (issue 21): a pay code keeps the provider's transaction id (our idempotency key,
-- Dragonpay's txnid) beside the code the borrower is shown (its refno); a code may wait for the
-- provider's confirmation (pending), fail or be voided. A provider's notification is stored before it
-- is answered, then settled against the provider's own status; money that cannot be applied as it
-- came is an exception for finance, held as the borrower's credit, never applied silently.

ALTER TABLE pay_codes ADD COLUMN txn_id text;
UPDATE pay_codes SET txn_id = code;
ALTER TABLE pay_codes ALTER COLUMN txn_id SET NOT NULL;
CREATE UNIQUE INDEX pay_codes_txn_id ON pay_codes (txn_id);

ALTER TABLE pay_codes DROP CONSTRAINT pay_codes_status_check;
ALTER TABLE pay_codes ADD CONSTRAINT pay_codes_status_check CHECK (status IN ('live', 'pending', 'paid', 'expired', 'failed', 'voided'));

CREATE TABLE provider_notifications (
  id           bigserial PRIMARY KEY,
  provider     text NOT NULL,
  txn_id       text NOT NULL,
  ref_no       text NOT NULL,
  status       text NOT NULL,
  message      text NOT NULL,
  received_at  timestamptz NOT NULL,
  -- Set once the provider's status for the txnid was asked and acted on.
  settled_at   timestamptz,
  outcome      text,
  attempts     integer NOT NULL DEFAULT 0
);
CREATE INDEX provider_notifications_unsettled ON provider_notifications (id) WHERE settled_at IS NULL;

CREATE TABLE payment_exceptions (
  id             bigserial PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('amount_mismatch', 'already_paid', 'order_closed', 'unknown_reference')),
  provider       text NOT NULL,
  txn_id         text NOT NULL,
  ref_no         text NOT NULL,
  pay_code_id    bigint REFERENCES pay_codes (id),
  order_id       bigint REFERENCES orders (id),
  borrower_id    bigint REFERENCES borrowers (id),
  -- What the provider says was received; all of it is held as the borrower's credit until finance resolves it.
  received_minor bigint NOT NULL,
  expected_minor bigint,
  detail         text NOT NULL,
  created_at     timestamptz NOT NULL,
  -- One exception per provider payment, however often it is notified.
  UNIQUE (provider, ref_no, kind)
);

-- The sandbox provider's own book of what was "paid" (the dev ops API writes it, standing in for a
-- counter): what its transactionStatus answers. A real provider keeps this on its side.
CREATE TABLE sandbox_transactions (
  txn_id       text PRIMARY KEY,
  ref_no       text NOT NULL,
  status       text NOT NULL,
  amount_minor bigint NOT NULL,
  updated_at   timestamptz NOT NULL
);
