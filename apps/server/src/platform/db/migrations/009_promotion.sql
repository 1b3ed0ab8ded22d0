-- The promotional sign-up landing (promo.html): landing templates, visit and click counts, captcha
-- sessions bound to a template, SMS codes with their abuse limits, and registrations with their
-- attribution. Rules and numbers: docs/promotion.md.

CREATE TABLE landing_templates (
  id                 bigint PRIMARY KEY,          -- chosen by the marketer: it travels in campaign links (templateId)
  app_name           text NOT NULL,
  title              text NOT NULL,
  subtitle           text NOT NULL DEFAULT '',
  highlights         jsonb NOT NULL DEFAULT '[]',  -- up to 4 short selling points
  banner_url         text NOT NULL,
  banner_alt         text NOT NULL,
  button_text        text NOT NULL,
  download_url       text NOT NULL,
  primary_color      text NOT NULL CHECK (primary_color ~ '^#[0-9a-fA-F]{6}$'),
  background_color   text NOT NULL CHECK (background_color ~ '^#[0-9a-fA-F]{6}$'),
  text_color         text NOT NULL CHECK (text_color ~ '^#[0-9a-fA-F]{6}$'),
  -- The market's mobile-number rule (PHONE_RULES in the contract): 'default' is the spec's.
  phone_rule         text NOT NULL DEFAULT 'default' CHECK (phone_rule IN ('default', 'ph', 'in')),
  -- Whose borrowers sign up here.
  merchant_number    text NOT NULL,
  agreement_title    text NOT NULL,
  agreement_sections jsonb NOT NULL,               -- [{"heading": "...", "paragraphs": ["..."]}]
  active             boolean NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL DEFAULT now()
);

-- Visits and register taps, counted per template, page, source and lender day. template_id 0:
-- a landing opened without a template.
CREATE TABLE landing_track_counts (
  template_id bigint NOT NULL,
  page        text NOT NULL,
  source      text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('visit', 'click')),
  day         date NOT NULL,
  count       bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (template_id, page, source, kind, day)
);

-- A captcha row is a captcha session (the sid): get-sid creates it, every get-captcha draws a new
-- image (answer, created_at, expires_at, used=false) in it. A correct answer is a pass for one
-- phone: passed_phone and passed_until; a wrong one kills the image.
ALTER TABLE captchas
  ADD COLUMN template_id    bigint REFERENCES landing_templates (id),
  ADD COLUMN client_ip      text NOT NULL DEFAULT '',
  ADD COLUMN sid_expires_at timestamptz,
  ADD COLUMN draws          int NOT NULL DEFAULT 0,
  ADD COLUMN passed_phone   text,
  ADD COLUMN passed_until   timestamptz;
CREATE INDEX captchas_client_ip ON captchas (client_ip, sid_expires_at);
CREATE INDEX captchas_sid_expires ON captchas (sid_expires_at);

CREATE TABLE sms_codes (
  id              bigserial PRIMARY KEY,
  phone           text NOT NULL,
  merchant_number text NOT NULL,
  code            text NOT NULL CHECK (code ~ '^[0-9]{6}$'),
  sid             text NOT NULL,
  client_ip       text NOT NULL,
  -- live: may be entered; used: registered with; dead: too many wrong tries; replaced: a newer
  -- code was sent; unsent: the SMS provider failed (not counted by the limits).
  state           text NOT NULL DEFAULT 'live' CHECK (state IN ('live', 'used', 'dead', 'replaced', 'unsent')),
  wrong_tries     int NOT NULL DEFAULT 0,
  provider_ref    text,
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, created_at DESC);
CREATE INDEX sms_codes_client_ip ON sms_codes (client_ip, created_at DESC);

-- One row per borrower created by the landing, with where they came from. The SMS code is unique:
-- a code registers one borrower, and a retried register with the same code finds this row.
CREATE TABLE registrations (
  borrower_id bigint PRIMARY KEY REFERENCES borrowers (id),
  sms_code_id bigint NOT NULL UNIQUE REFERENCES sms_codes (id),
  template_id bigint REFERENCES landing_templates (id),
  invite_code text NOT NULL DEFAULT '',
  user_from   text NOT NULL DEFAULT '',
  app_from    text NOT NULL DEFAULT '',
  utm_tag     text NOT NULL DEFAULT '',
  app_name    text NOT NULL DEFAULT '',
  device_id   text NOT NULL DEFAULT '',
  client_ip   text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL
);
CREATE INDEX registrations_template ON registrations (template_id, created_at DESC);
