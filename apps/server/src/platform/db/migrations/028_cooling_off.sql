-- Cooling-off cancellation (issue 23, docs/cancel-loan.md): a pay code may be for 'cancel' (the exit
-- amount), and an order closed by one keeps its stored status 200 with when it was cancelled and the
-- interest kept for the days used (the rest of the interest and the service fee are waived).
ALTER TABLE pay_codes DROP CONSTRAINT IF EXISTS pay_codes_purpose_check;
ALTER TABLE pay_codes ADD CONSTRAINT pay_codes_purpose_check CHECK (purpose IN ('repay', 'rollover', 'cancel'));
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
ALTER TABLE orders ADD COLUMN cancel_kept_interest_minor bigint CHECK (cancel_kept_interest_minor >= 0);
ALTER TABLE orders ADD CONSTRAINT orders_cancelled_settled CHECK (cancelled_at IS NULL OR (status = 200 AND cancel_kept_interest_minor IS NOT NULL));
