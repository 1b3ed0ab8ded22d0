-- The order ledger loan-terms/position.ts works on, and the stored outcome of each payment.

-- Where "Repayment" on the order page leads; empty uses the configured REPAY_URL.
ALTER TABLE orders ADD COLUMN h5_url text NOT NULL DEFAULT '';
-- Late interest, the late penalty and rollover fees booked so far (owed = base + these − paid).
ALTER TABLE orders ADD COLUMN extra_charges_minor bigint NOT NULL DEFAULT 0 CHECK (extra_charges_minor >= 0);
-- Overdue interest is booked through this lender calendar day; later days still accrue.
ALTER TABLE orders ADD COLUMN late_interest_booked_through date;
-- The one-time late penalty has been charged; it is never charged twice.
ALTER TABLE orders ADD COLUMN penalty_charged boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN rollover_count int NOT NULL DEFAULT 0 CHECK (rollover_count >= 0);

-- What applying the payment did, returned again verbatim when the provider repeats the notification.
ALTER TABLE payments ADD COLUMN result jsonb NOT NULL DEFAULT '{}';
