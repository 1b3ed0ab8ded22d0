-- The collections desk (issue 38, docs/collections.md): two new staff roles, the orders given to
-- collectors, India's agent notices, disputes, promises to pay, the lender's approved templates, the
-- Philippine borrower's express consent to other hours, and the nightly bucket of every overdue order.
ALTER TABLE staff_accounts DROP CONSTRAINT staff_accounts_roles_check;
ALTER TABLE staff_accounts ADD CONSTRAINT staff_accounts_roles_check
  CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['agent', 'finance', 'admin', 'collector', 'collections_lead']::text[]);

-- The collector holding an overdue order now (the audit log keeps who held it before).
CREATE TABLE collection_assignments (
  order_id    bigint PRIMARY KEY REFERENCES orders (id),
  staff_id    bigint NOT NULL REFERENCES staff_accounts (id),
  assigned_by bigint NOT NULL REFERENCES staff_accounts (id),
  assigned_at timestamptz NOT NULL
);
CREATE INDEX collection_assignments_staff ON collection_assignments (staff_id);

-- India: the SMS telling the borrower the agent's name, agency and phone, sent before the agent's
-- first contact (RBI). Claimed before it is sent; sent_at is set once the gateway took it.
CREATE TABLE collection_agent_notices (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders (id),
  staff_id     bigint NOT NULL REFERENCES staff_accounts (id),
  phone        text NOT NULL,
  body         text NOT NULL,
  created_at   timestamptz NOT NULL,
  sent_at      timestamptz,
  provider_ref text,
  UNIQUE (order_id, staff_id)
);

CREATE TABLE collection_disputes (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders (id),
  reason       text NOT NULL,
  opened_by    bigint REFERENCES staff_accounts (id),
  complaint_id bigint REFERENCES complaints (id),
  opened_at    timestamptz NOT NULL,
  resolved_by  bigint REFERENCES staff_accounts (id),
  resolved_at  timestamptz,
  resolution   text,
  CHECK ((resolved_at IS NULL) = (resolved_by IS NULL) AND (resolved_at IS NULL) = (resolution IS NULL))
);
-- One open dispute an order.
CREATE UNIQUE INDEX collection_disputes_open ON collection_disputes (order_id) WHERE resolved_at IS NULL;

-- Kept or broken is read from the payments that arrive, never stored.
CREATE TABLE collection_promises (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders (id),
  promised_on  date NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  created_by   bigint NOT NULL REFERENCES staff_accounts (id),
  created_at   timestamptz NOT NULL
);
CREATE INDEX collection_promises_order ON collection_promises (order_id, created_at);
CREATE INDEX collection_promises_day ON collection_promises (promised_on);

CREATE TABLE collection_templates (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  market     text NOT NULL CHECK (market IN ('PH', 'IN')),
  body       text NOT NULL,
  active     boolean NOT NULL DEFAULT true,
  updated_by bigint REFERENCES staff_accounts (id),
  updated_at timestamptz NOT NULL,
  UNIQUE (market, name)
);
-- Starting templates a lender edits (placeholders in docs/collections.md).
INSERT INTO collection_templates (name, market, body, updated_at) VALUES
  ('Payment reminder', 'PH', 'Hello {borrowerName}, this is {agentName} of {agency} for {lender}. Your loan {orderNo} has {amountDue} past due since {dueDate}. Please pay in the app, or call {agentPhone} to agree a date.', now()),
  ('Promise follow-up', 'PH', 'Hello {borrowerName}, thank you for agreeing a payment date for loan {orderNo}. The amount due is {amountDue}. Pay in the app; questions: {agentPhone}.', now()),
  ('Payment reminder', 'IN', 'Dear {borrowerName}, this is {agentName} of {agency} for {lender}. Loan {orderNo}: {amountDue} is due since {dueDate}. Please pay in the app or call {agentPhone}.', now());

-- The Philippines (SEC MC 18 s2019): the borrower's express consent to contact at other hours, with
-- its time and who recorded it; withdrawn is a row removed (the audit log keeps both).
CREATE TABLE collection_hour_consents (
  borrower_id bigint PRIMARY KEY REFERENCES borrowers (id),
  given_at    timestamptz NOT NULL,
  recorded_by bigint NOT NULL REFERENCES staff_accounts (id)
);

-- A collector's call has an outcome; a message keeps what was sent and its template.
ALTER TABLE contact_attempts ADD COLUMN outcome text CHECK (outcome IN ('reached', 'no_answer', 'wrong_number', 'refused', 'dispute'));
ALTER TABLE contact_attempts ADD COLUMN template_id bigint REFERENCES collection_templates (id);
ALTER TABLE contact_attempts ADD COLUMN body text;
CREATE INDEX contact_attempts_order ON contact_attempts (order_id, at DESC);

-- A collection-type complaint about an order: against the collector who held it when it was filed
-- (null: none did). The complaints family notes it here when filed and when answered.
CREATE TABLE collection_complaints (
  complaint_id bigint PRIMARY KEY REFERENCES complaints (id),
  order_id     bigint NOT NULL REFERENCES orders (id),
  staff_id     bigint REFERENCES staff_accounts (id),
  ticket_no    text NOT NULL,
  filed_at     timestamptz NOT NULL,
  answered_at  timestamptz
);
CREATE INDEX collection_complaints_order ON collection_complaints (order_id);

-- The nightly job: each overdue order's bucket at the end of a lender day (history and roll rates
-- read these rows, not guesses).
CREATE TABLE collection_buckets (
  day                         date NOT NULL,
  order_id                    bigint NOT NULL REFERENCES orders (id),
  currency                    text NOT NULL,
  days_past_due               int NOT NULL CHECK (days_past_due >= 0),
  bucket                      text NOT NULL,
  outstanding_principal_minor bigint NOT NULL CHECK (outstanding_principal_minor >= 0),
  PRIMARY KEY (day, order_id)
);
