-- Card verification codes are counted on the lender's side (issue 18, docs/security.md): every code
-- sent and every code checked, per repayment and per borrower over 24 hours. A provider may reset
-- its own count of wrong tries when it sends a new code; these bounds hold whatever it does.
CREATE TABLE card_code_events (
  id                bigserial PRIMARY KEY,
  borrower_id       bigint NOT NULL REFERENCES borrowers (id),
  card_repayment_id bigint NOT NULL REFERENCES card_repayments (id),
  kind              text NOT NULL CHECK (kind IN ('sent', 'checked')),
  at                timestamptz NOT NULL
);
CREATE INDEX card_code_events_borrower ON card_code_events (borrower_id, at);
CREATE INDEX card_code_events_repayment ON card_code_events (card_repayment_id, kind, at);

-- The codes already sent are the first events; the column they were counted by goes.
INSERT INTO card_code_events (borrower_id, card_repayment_id, kind, at)
  SELECT borrower_id, id, 'sent', code_sent_at FROM card_repayments WHERE code_sent_at IS NOT NULL;
ALTER TABLE card_repayments DROP COLUMN code_sent_at;
