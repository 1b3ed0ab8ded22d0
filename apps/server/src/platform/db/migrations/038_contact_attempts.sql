-- Every contact with a borrower about a debt, made or refused (issue 38, the contact guard in
-- loan-terms/contact-guard.ts): the reminder job's messages today, collectors' calls and messages
-- later. The day's count per borrower (across everyone) is read from the attempts made; a refusal is
-- kept with its reason, once per contact (reference) and day.
CREATE TABLE contact_attempts (
  id              bigserial PRIMARY KEY,
  borrower_id     bigint NOT NULL REFERENCES borrowers (id),
  order_id        bigint REFERENCES orders (id),
  channel         text NOT NULL CHECK (channel IN ('call', 'sms', 'email')),
  made_by         text NOT NULL CHECK (made_by IN ('system', 'collector')),
  staff_id        bigint,
  party           text NOT NULL CHECK (party IN ('borrower', 'guarantor', 'co_maker', 'other')),
  allowed         boolean NOT NULL,
  refusal         text,
  refusal_message text,
  next_allowed_at timestamptz,
  reference       text,
  lender_day      date NOT NULL,
  at              timestamptz NOT NULL,
  CHECK (allowed = (refusal IS NULL))
);
CREATE INDEX contact_attempts_made_per_day ON contact_attempts (borrower_id, lender_day) WHERE allowed;
CREATE UNIQUE INDEX contact_attempts_refused_once_a_day ON contact_attempts (reference, refusal, lender_day) WHERE NOT allowed AND reference IS NOT NULL;
