-- The breach register (issue 39, docs/privacy.md "Breach register"): a personal data breach as the
-- data-protection officer (or an admin) records it, with a reference a person can read
-- (BR-YYYYMMDD-NNNN, numbered per lender day like the data requests), the words every notice carries,
-- when it was found (the 72 hours to notify run from then: loan-terms/data-rights.ts), and the named
-- query that chooses the borrowers it touched, kept with its parameters so the report can say how
-- they were chosen. Each affected borrower gets one notice: in the app from the moment it is made,
-- and by SMS (its state and the gateway's reference). No name or phone is copied here.
CREATE TABLE breach_days (
  day      date PRIMARY KEY,
  last_seq int NOT NULL
);
CREATE TABLE breaches (
  id              bigserial PRIMARY KEY,
  ref_no          text NOT NULL UNIQUE,
  what_happened   text NOT NULL,
  data_involved   text NOT NULL,
  measures_taken  text NOT NULL,
  borrower_can_do text NOT NULL,
  contact         text NOT NULL,
  -- The fuller account for the authority (how it happened, the likely consequences); never in a notice.
  details         text NOT NULL DEFAULT '',
  discovered_at   timestamptz NOT NULL,
  recorded_by     bigint NOT NULL REFERENCES staff_accounts (id),
  created_at      timestamptz NOT NULL,
  query_kind      text NOT NULL CHECK (query_kind IN ('bound-account-between', 'signed-up-between', 'orders-in-market')),
  query_params    jsonb NOT NULL,
  -- When the notices were first made (the in-app notice is seen from then; the SMS follow at once).
  notified_at     timestamptz,
  -- When the report for the NPC / Data Protection Board was first exported.
  reported_at     timestamptz,
  CHECK (discovered_at <= created_at)
);
CREATE TABLE breach_notices (
  id           bigserial PRIMARY KEY,
  breach_id    bigint NOT NULL REFERENCES breaches (id),
  borrower_id  bigint NOT NULL REFERENCES borrowers (id),
  created_at   timestamptz NOT NULL,
  sms_state    text NOT NULL DEFAULT 'pending' CHECK (sms_state IN ('pending', 'sent', 'failed')),
  provider_ref text,
  sent_at      timestamptz,
  UNIQUE (breach_id, borrower_id),
  CHECK ((sms_state = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX breach_notices_borrower ON breach_notices (borrower_id, id DESC);
