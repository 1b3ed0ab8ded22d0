-- Repayment (docs/repayment.md): card repayments with their one-time tokens, the two internal
-- payment channels card and hosted-checkout money is booked on, and the local sandbox payment
-- provider's own record of card charges.

-- Card and hosted-checkout payments are booked on pay codes like over-the-counter ones, so every
-- payment goes through applyPaidPayCode exactly once. Their channels are internal: the repayment
-- screens list only the 'code' and 'qr' channels.
ALTER TABLE payment_channels DROP CONSTRAINT IF EXISTS payment_channels_kind_check;
ALTER TABLE payment_channels ADD CONSTRAINT payment_channels_kind_check CHECK (kind IN ('code', 'qr', 'card', 'checkout'));
INSERT INTO payment_channels (channel_number, name, logo, kind, pay_notice, sort, active) VALUES
  ('CARD', 'Bank card', '', 'card', '{}', 1000, true),
  ('CHECKOUT', 'Online payment', '', 'checkout', '{}', 1001, true)
ON CONFLICT (channel_number) DO NOTHING;

-- One token per opening of the card-repayment screen (repayment-way); a commit must carry one,
-- and a commit repeated with the same token finds the repayment it made.
CREATE TABLE repay_tokens (
  token       text PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  order_id    bigint NOT NULL REFERENCES orders (id),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX repay_tokens_borrower ON repay_tokens (borrower_id, expires_at);

-- A card repayment: starting → pending (waiting for the verification code) → confirming →
-- charged (the provider took the money) → paid (applied to the order); or failed / cancelled.
-- No card number is kept here: the card is named by its id.
CREATE TABLE card_repayments (
  id                 bigserial PRIMARY KEY,
  repay_token        text NOT NULL UNIQUE REFERENCES repay_tokens (token),
  borrower_id        bigint NOT NULL REFERENCES borrowers (id),
  order_id           bigint NOT NULL REFERENCES orders (id),
  bank_card_id       bigint NOT NULL REFERENCES bank_cards (id),
  pay_code_id        bigint NOT NULL REFERENCES pay_codes (id),
  amount_minor       bigint NOT NULL CHECK (amount_minor > 0),
  status             text NOT NULL CHECK (status IN ('starting', 'pending', 'confirming', 'charged', 'paid', 'failed', 'cancelled')),
  need_valid         int NOT NULL DEFAULT 0,
  provider_charge_id text,
  provider_ref       text,
  failure_message    text NOT NULL DEFAULT '',
  code_sent_at       timestamptz,
  claimed_at         timestamptz,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL
);
CREATE INDEX card_repayments_order ON card_repayments (order_id, status);

-- The local sandbox payment provider's card charges (a real provider keeps these on its side).
-- Only a hash of the verification code is stored.
CREATE TABLE sandbox_card_charges (
  id             text PRIMARY KEY,
  reference      text NOT NULL,
  card_key       text NOT NULL,
  phone          text NOT NULL,
  amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
  status         text NOT NULL CHECK (status IN ('otp_required', 'succeeded')),
  otp_hash       text,
  otp_expires_at timestamptz,
  otp_attempts   int NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL,
  succeeded_at   timestamptz
);
CREATE INDEX sandbox_card_charges_card ON sandbox_card_charges (card_key, status);
