-- The erasure run and the retention job (issue 39, docs/privacy.md).
--
-- A borrower whose data is erased keeps their row and id (the ledgers, the journal and the contracts
-- point at it) with the identity replaced: erased_at says when. What the money-laundering laws make
-- the lender keep until the retention period ends (the name and phone the records were made under)
-- is kept sealed in retained_identities, encrypted with the card-data key and bound to the borrower,
-- and is deleted by the retention job on keep_until.
ALTER TABLE borrowers ADD COLUMN erased_at timestamptz;

CREATE TABLE retained_identities (
  borrower_id bigint PRIMARY KEY REFERENCES borrowers (id),
  sealed      text NOT NULL,
  law         text NOT NULL,
  keep_until  date NOT NULL,
  sealed_at   timestamptz NOT NULL
);
CREATE INDEX retained_identities_until ON retained_identities (keep_until);

-- Which request an erasure run carried out, and what it removed (counts per part, for the audit and
-- the borrower's "done" line).
ALTER TABLE data_requests ADD COLUMN erased jsonb;

-- An erasure withdraws every consent at its moment, as a ledger event of its own channel.
ALTER TABLE consent_events DROP CONSTRAINT consent_events_channel_check;
ALTER TABLE consent_events ADD CONSTRAINT consent_events_channel_check CHECK (channel IN ('app', 'sms', 'sign-up', 'migration', 'erasure'));

-- Confirmed documents stay immutable but for one change: the erasure run's redaction of the name and
-- phone written into them, once (the original is kept sealed in retained_identities while the law keeps
-- it; sha256 stays the original's).
ALTER TABLE confirmed_documents ADD COLUMN redacted_at timestamptz;
CREATE OR REPLACE FUNCTION confirmed_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.redacted_at IS NULL AND NEW.redacted_at IS NOT NULL
     AND NEW.id = OLD.id AND NEW.order_id = OLD.order_id AND NEW.kind = OLD.kind AND NEW.position = OLD.position
     AND NEW.title = OLD.title AND NEW.sha256 = OLD.sha256 AND NEW.confirmed_at = OLD.confirmed_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'confirmed_documents rows are immutable (order %)', OLD.order_id;
END;
$$;
