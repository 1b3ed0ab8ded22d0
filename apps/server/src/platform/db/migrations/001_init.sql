-- Core domain of the borrower app. Money is always in minor units (bigint), times are timestamptz.

CREATE TABLE app_settings (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE borrowers (
  id              bigserial PRIMARY KEY,
  user_id         text NOT NULL UNIQUE,
  merchant_number text NOT NULL,
  mobile_phone    text NOT NULL,
  name            text NOT NULL DEFAULT '',
  -- Repeat borrowers pay the lower one-time late penalty (spec section 9).
  is_repeat       boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX borrowers_merchant_phone ON borrowers (merchant_number, mobile_phone);

CREATE TABLE sessions (
  id          text PRIMARY KEY,          -- the sessionId: 32 random bytes, hex
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  device_id   text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_borrower ON sessions (borrower_id);

CREATE TABLE products (
  id              bigserial PRIMARY KEY,
  name            text NOT NULL,
  logo            text NOT NULL,
  rate_desc       text NOT NULL,          -- e.g. 'Daily interest rate 0.05%'
  amount_minor    bigint NOT NULL CHECK (amount_minor > 0),
  term_days       int NOT NULL CHECK (term_days BETWEEN 91 AND 365),
  periods         int NOT NULL DEFAULT 1 CHECK (periods >= 1),
  -- Total interest and service fee for the whole term, per 10 000 of principal.
  interest_bp     int NOT NULL DEFAULT 0 CHECK (interest_bp >= 0),
  service_fee_bp  int NOT NULL DEFAULT 0 CHECK (service_fee_bp >= 0),
  -- Extension (rollover) fee per 10 000 of principal.
  rollover_fee_bp int NOT NULL DEFAULT 1500 CHECK (rollover_fee_bp >= 0),
  sort            int NOT NULL DEFAULT 0,
  active          boolean NOT NULL DEFAULT true
);

-- Order status codes and their meanings are in docs/statuses.md.
CREATE TABLE orders (
  id               bigserial PRIMARY KEY,
  order_no         text NOT NULL UNIQUE,
  borrower_id      bigint NOT NULL REFERENCES borrowers (id),
  product_id       bigint NOT NULL REFERENCES products (id),
  status           int NOT NULL CHECK (status IN (21, 110, 151, 170, 174, 180, 200)),
  principal_minor  bigint NOT NULL CHECK (principal_minor > 0),
  interest_minor   bigint NOT NULL DEFAULT 0 CHECK (interest_minor >= 0),
  fee_minor        bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  -- What has been repaid so far; the outstanding amount is derived by loan-terms.
  paid_minor       bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
  term_days        int NOT NULL,
  periods          int NOT NULL DEFAULT 1,
  is_repeat_borrower boolean NOT NULL DEFAULT false,
  disbursed_at     timestamptz,
  due_at           timestamptz,
  settled_at       timestamptz,
  -- Display and prompt flags the order-details screen reads (spec section 3).
  is_delay         text NOT NULL DEFAULT '0',
  playedu_l        text NOT NULL DEFAULT '',
  kind_tips_msg    text NOT NULL DEFAULT '',
  card_need_pop    int NOT NULL DEFAULT 0,
  card_pop_title   text NOT NULL DEFAULT '',
  card_pop_msg     text NOT NULL DEFAULT '',
  is_score         text NOT NULL DEFAULT '0',
  rey_msg          text NOT NULL DEFAULT '',
  -- One pushed offer creates one order: repeated pushes of the same offer find this key.
  offer_key        text UNIQUE,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX orders_borrower ON orders (borrower_id, created_at DESC);

CREATE TABLE repayment_plans (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  seq          int NOT NULL,
  due_at       timestamptz NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  paid_minor   bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
  settled_at   timestamptz,
  UNIQUE (order_id, seq)
);

CREATE TABLE payment_channels (
  channel_number text PRIMARY KEY,
  name           text NOT NULL,
  logo           text NOT NULL,
  -- 'code': an over-the-counter pay code; 'qr': a QR to scan.
  kind           text NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'qr')),
  -- Grouped payment instructions: {"group title": [{"name": "...", "steps": ["..."]}]}.
  pay_notice     jsonb NOT NULL DEFAULT '{}',
  sort           int NOT NULL DEFAULT 0,
  active         boolean NOT NULL DEFAULT true
);

CREATE TABLE pay_codes (
  id             bigserial PRIMARY KEY,
  order_id       bigint NOT NULL REFERENCES orders (id),
  channel_number text NOT NULL REFERENCES payment_channels (channel_number),
  amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
  -- 'repay' settles the order or its due instalment; 'rollover' extends the due date.
  purpose        text NOT NULL CHECK (purpose IN ('repay', 'rollover')),
  code           text NOT NULL UNIQUE,
  status         text NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'paid', 'expired')),
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  paid_at        timestamptz
);
CREATE INDEX pay_codes_order ON pay_codes (order_id, channel_number, amount_minor, purpose);

-- One row per money movement received from a provider; the unique reference makes a second
-- notification of the same payment a no-op.
CREATE TABLE payments (
  id            bigserial PRIMARY KEY,
  pay_code_id   bigint NOT NULL REFERENCES pay_codes (id),
  provider_ref  text NOT NULL UNIQUE,
  amount_minor  bigint NOT NULL CHECK (amount_minor > 0),
  applied_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX payments_one_per_code ON payments (pay_code_id);

CREATE TABLE bank_forms (
  merchant_number text PRIMARY KEY,
  items           jsonb NOT NULL
);

CREATE TABLE bank_cards (
  id             bigserial PRIMARY KEY,
  borrower_id    bigint NOT NULL REFERENCES borrowers (id),
  card_type      int NOT NULL,
  channel_number text NOT NULL,
  bank_name      text NOT NULL DEFAULT '',
  bank_code      text NOT NULL DEFAULT '',
  -- Only the masked number is ever returned; the whole one is kept only where payouts need it.
  card_no_masked text NOT NULL,
  card_no        text NOT NULL,
  fields         jsonb NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL
);
CREATE INDEX bank_cards_borrower ON bank_cards (borrower_id);

CREATE TABLE complaints (
  id               bigserial PRIMARY KEY,
  borrower_id      bigint NOT NULL REFERENCES borrowers (id),
  order_no         text NOT NULL DEFAULT '',
  problem_type     text NOT NULL,
  problem_son_type text NOT NULL DEFAULT '',
  detail           text NOT NULL CHECK (char_length(detail) BETWEEN 1 AND 200),
  images           jsonb NOT NULL DEFAULT '[]',
  dispose_detail   text NOT NULL DEFAULT '',
  dispose_images   jsonb NOT NULL DEFAULT '[]',
  is_need_score    int NOT NULL DEFAULT 0,
  score            int CHECK (score BETWEEN 1 AND 5),
  -- A retried submission carries the same fingerprint and finds this row instead of a second one.
  submission_key   text UNIQUE,
  created_at       timestamptz NOT NULL,
  replied_at       timestamptz
);
CREATE INDEX complaints_borrower ON complaints (borrower_id, created_at DESC);

CREATE TABLE complaint_images (
  id          bigserial PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  url         text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL
);

CREATE TABLE agreements (
  id          bigserial PRIMARY KEY,
  product_id  bigint REFERENCES products (id),  -- NULL: applies to every product
  scene       int NOT NULL DEFAULT 3,
  position    int NOT NULL,
  title       text NOT NULL,
  -- Body with {placeholders} filled from the borrower and the loan when rendered.
  body        text NOT NULL,
  UNIQUE (product_id, scene, position)
);

-- Dev SMS outbox (the SMS provider's local implementation) and image captchas.
CREATE TABLE sms_outbox (
  id         bigserial PRIMARY KEY,
  phone      text NOT NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sms_outbox_phone ON sms_outbox (phone, created_at DESC);

CREATE TABLE captchas (
  sid        text PRIMARY KEY,
  answer     text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used       boolean NOT NULL DEFAULT false
);

CREATE TABLE tracking_events (
  id          bigserial PRIMARY KEY,
  borrower_id bigint REFERENCES borrowers (id),
  kind        text NOT NULL,
  data        jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL
);
