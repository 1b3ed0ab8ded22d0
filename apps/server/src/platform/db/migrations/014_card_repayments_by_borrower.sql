-- The daily limit on card repayments counts a borrower's recent ones (issue 11: each new card
-- repayment sends a fresh verification code with 5 tries, so their number per day is capped).
CREATE INDEX card_repayments_borrower_created ON card_repayments (borrower_id, created_at);
