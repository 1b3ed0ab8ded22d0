-- A card repayment keeps its pay code (issued once, never changed) beside the code's id, so the
-- repayment family reads its own table without joining the payments room's pay_codes (issue 19).
ALTER TABLE card_repayments ADD COLUMN pay_code text;
UPDATE card_repayments cr SET pay_code = pc.code FROM pay_codes pc WHERE pc.id = cr.pay_code_id;
ALTER TABLE card_repayments ALTER COLUMN pay_code SET NOT NULL;
