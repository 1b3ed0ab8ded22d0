-- The staff back office (issue 20, docs/backoffice.md): staff accounts with their roles and second
-- factor, their sessions, the sign-in failures that lock an account, and the append-only audit log.

CREATE TABLE staff_accounts (
  id                   bigserial PRIMARY KEY,
  -- Stored lower case: one account per address, however it is typed.
  email                text NOT NULL UNIQUE CHECK (email = lower(email)),
  name                 text NOT NULL,
  roles                text[] NOT NULL CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['agent', 'finance', 'admin']::text[]),
  -- scrypt (Node's crypto): 'scrypt$N$r$p$salt$hash'; never the password.
  password_hash        text NOT NULL,
  -- Set by an admin's create or reset: the temporary password must be changed at the next sign-in.
  must_change_password boolean NOT NULL DEFAULT false,
  -- The TOTP secret, sealed with the card-data keys (AES-256-GCM) like a payout account number.
  totp_secret_sealed   text,
  -- A secret being set up, in use only once confirmed with a code.
  totp_pending_sealed  text,
  -- The 30-second step of the last code accepted: the same code is not taken twice.
  totp_last_step       bigint,
  -- SHA-256 of each unused recovery code.
  recovery_code_hashes text[] NOT NULL DEFAULT '{}',
  disabled_at          timestamptz,
  created_at           timestamptz NOT NULL,
  password_changed_at  timestamptz NOT NULL,
  last_sign_in_at      timestamptz
);

CREATE TABLE staff_sessions (
  -- SHA-256 of the cookie's 256-bit value: a copy of this table opens no session.
  id_hash      text PRIMARY KEY,
  staff_id     bigint NOT NULL REFERENCES staff_accounts (id),
  stage        text NOT NULL CHECK (stage IN ('signed-in', 'second-factor', 'second-factor-setup', 'change-password')),
  csrf_token   text NOT NULL,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE ended_at IS NULL;

-- Wrong passwords and codes by the email typed (known or not), for the lockout.
CREATE TABLE staff_sign_in_failures (
  id    bigserial PRIMARY KEY,
  email text NOT NULL,
  at    timestamptz NOT NULL
);
CREATE INDEX staff_sign_in_failures_email ON staff_sign_in_failures (email, at);

CREATE TABLE staff_audit (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL,
  staff_id    bigint REFERENCES staff_accounts (id),
  staff_email text NOT NULL,
  action      text NOT NULL,
  target_type text NOT NULL DEFAULT '',
  target_id   text NOT NULL DEFAULT '',
  before      jsonb,
  after       jsonb,
  outcome     text NOT NULL CHECK (outcome IN ('done', 'refused')),
  address     text NOT NULL DEFAULT ''
);
CREATE INDEX staff_audit_at ON staff_audit (at DESC, id DESC);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, at DESC);

-- Append-only: an entry is never changed or removed, whoever asks.
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only';
END;
$$;
CREATE TRIGGER staff_audit_no_change BEFORE UPDATE OR DELETE ON staff_audit FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();

-- Money received outside the provider, posted by finance: the internal channels it is booked on, and
-- who posted each payment (a provider's notification has no staff member).
ALTER TABLE payment_channels DROP CONSTRAINT IF EXISTS payment_channels_kind_check;
ALTER TABLE payment_channels ADD CONSTRAINT payment_channels_kind_check CHECK (kind IN ('code', 'qr', 'card', 'checkout', 'posted'));
INSERT INTO payment_channels (channel_number, name, logo, kind, pay_notice, sort, active) VALUES
  ('COUNTER-POSTED', 'Counter payment (posted by finance)', '', 'posted', '{}', 1002, true),
  ('TRANSFER-POSTED', 'Bank transfer (posted by finance)', '', 'posted', '{}', 1003, true)
ON CONFLICT (channel_number) DO NOTHING;
ALTER TABLE payments ADD COLUMN posted_by_staff_id bigint REFERENCES staff_accounts (id);

-- The agent's reply images: uploaded by a staff member, not a borrower.
ALTER TABLE complaint_images ALTER COLUMN borrower_id DROP NOT NULL;
ALTER TABLE complaint_images ADD COLUMN staff_id bigint REFERENCES staff_accounts (id);
ALTER TABLE complaint_images ADD CONSTRAINT complaint_images_owner CHECK ((borrower_id IS NULL) <> (staff_id IS NULL));
