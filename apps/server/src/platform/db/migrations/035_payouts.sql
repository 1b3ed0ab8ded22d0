-- Money out (issue 36, docs/statuses.md and docs/backoffice.md "Release"): finance releases an
-- approved order (110) and one payout of the net proceeds goes to the borrower's bound account
-- through the payout provider; the order moves to 170 when the provider confirms it arrived.

-- Who approved the order (21 → 110): the finance user who may not also release it. Null for orders
-- approved before this migration or by the dev /ops API.
ALTER TABLE orders ADD COLUMN approved_by_staff_id bigint REFERENCES staff_accounts (id);

-- One row per payout attempt. Its reference is the idempotency key sent to the provider: an attempt
-- retried (after a time-out, a restart, another process) is the same row and the same key.
CREATE TABLE payouts (
  id                  bigserial PRIMARY KEY,
  order_id            bigint NOT NULL REFERENCES orders (id),
  attempt             integer NOT NULL CHECK (attempt > 0),
  reference           text NOT NULL UNIQUE,
  provider            text NOT NULL,
  currency            text NOT NULL CHECK (currency IN ('PHP', 'INR')),
  amount_minor        bigint NOT NULL CHECK (amount_minor > 0),
  account_id          bigint NOT NULL REFERENCES bank_cards (id),
  bank_name           text NOT NULL,
  account_last4       text NOT NULL,
  status              text NOT NULL CHECK (status IN ('processing', 'paid', 'failed', 'reversed')),
  provider_ref        text,
  failure_kind        text,
  failure_reason      text,
  approved_by_staff_id bigint REFERENCES staff_accounts (id),
  approved_by_name    text,
  released_by_staff_id bigint NOT NULL REFERENCES staff_accounts (id),
  released_by_name    text NOT NULL,
  released_at         timestamptz NOT NULL,
  -- When the provider was last asked or last told us something; the status job asks again after it.
  checked_at          timestamptz NOT NULL,
  paid_at             timestamptz,
  reversed_at         timestamptz,
  updated_at          timestamptz NOT NULL,
  UNIQUE (order_id, attempt),
  -- Maker-checker kept by the data too: the approver never releases.
  CONSTRAINT payouts_four_eyes CHECK (approved_by_staff_id IS NULL OR approved_by_staff_id <> released_by_staff_id),
  CONSTRAINT payouts_paid_at CHECK ((status IN ('paid', 'reversed')) = (paid_at IS NOT NULL)),
  CONSTRAINT payouts_failure CHECK ((status IN ('failed', 'reversed')) = (failure_kind IS NOT NULL))
);
-- At most one payout of an order that is on its way or has been paid: a failed one leaves room for
-- the next attempt, nothing else does. So one order never has two successful payouts.
CREATE UNIQUE INDEX payouts_one_live_per_order ON payouts (order_id) WHERE status <> 'failed';
CREATE INDEX payouts_processing ON payouts (checked_at) WHERE status = 'processing';
CREATE INDEX payouts_by_release_day ON payouts (currency, released_at);

-- Each provider notification acted on, once: a replay (the same signed body) finds its row.
CREATE TABLE payout_notifications (
  id           bigserial PRIMARY KEY,
  provider     text NOT NULL,
  body_sha256  text NOT NULL,
  reference    text,
  status       text,
  received_at  timestamptz NOT NULL,
  UNIQUE (provider, body_sha256)
);

-- The sandbox payout provider's own record of what it paid (providers/payouts/sandbox.ts).
CREATE TABLE sandbox_payouts (
  reference     text PRIMARY KEY,
  provider_ref  text NOT NULL UNIQUE,
  amount_minor  bigint NOT NULL,
  currency      text NOT NULL,
  account_last4 text NOT NULL,
  status        text NOT NULL,
  failure_kind  text,
  failure_reason text,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
