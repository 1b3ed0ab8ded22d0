-- The consent ledger (issue 39, docs/privacy.md): per borrower and purpose, every grant and
-- withdrawal with its time, channel and the text shown (by version), append-only; `consents` holds
-- each purpose's current state, written with its event in one transaction (the borrowers room).
-- The STOP flag of migration 024 becomes a withdrawal of 'payment_reminders' in the ledger.
CREATE TABLE consent_events (
  id           bigserial PRIMARY KEY,
  borrower_id  bigint NOT NULL REFERENCES borrowers (id),
  purpose      text NOT NULL CHECK (purpose IN ('loan_servicing', 'payment_reminders', 'marketing', 'credit_bureau')),
  granted      boolean NOT NULL,
  channel      text NOT NULL CHECK (channel IN ('app', 'sms', 'sign-up', 'migration')),
  text_version text NOT NULL,
  text_shown   text NOT NULL,
  at           timestamptz NOT NULL
);
CREATE INDEX consent_events_borrower ON consent_events (borrower_id, purpose, id);

CREATE FUNCTION consent_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_events is append-only: a change of mind is a new event';
END $$;
CREATE TRIGGER consent_events_append_only BEFORE UPDATE OR DELETE ON consent_events
  FOR EACH ROW EXECUTE FUNCTION consent_events_append_only();

CREATE TABLE consents (
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  purpose     text NOT NULL,
  granted     boolean NOT NULL,
  at          timestamptz NOT NULL,
  event_id    bigint NOT NULL REFERENCES consent_events (id),
  PRIMARY KEY (borrower_id, purpose)
);

-- Every borrower so far: loan servicing and payment reminders granted when the account was made (the
-- app's sign-up showed them), then each STOP as a withdrawal of the reminders at its moment.
INSERT INTO consent_events (borrower_id, purpose, granted, channel, text_version, text_shown, at)
SELECT b.id, p.purpose, true, 'migration', 'v0', 'Granted at sign-up, before the consent ledger (migration 040).', b.created_at
  FROM borrowers b CROSS JOIN (VALUES ('loan_servicing'), ('payment_reminders')) AS p (purpose)
 ORDER BY b.id, p.purpose;
INSERT INTO consent_events (borrower_id, purpose, granted, channel, text_version, text_shown, at)
SELECT id, 'payment_reminders', false, 'sms', 'v0', 'Replied STOP to an SMS reminder (before the consent ledger).', reminders_stopped_at
  FROM borrowers WHERE reminders_stopped_at IS NOT NULL ORDER BY id;
INSERT INTO consents (borrower_id, purpose, granted, at, event_id)
SELECT DISTINCT ON (borrower_id, purpose) borrower_id, purpose, granted, at, id
  FROM consent_events ORDER BY borrower_id, purpose, id DESC;

ALTER TABLE borrowers DROP COLUMN reminders_stopped_at;
