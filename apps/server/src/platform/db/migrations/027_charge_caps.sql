-- What the charge caps need of the ledger (issue 23, docs/loan-terms.md, loan-terms/position.ts).
-- Late interest and penalty booked so far: the part of extra_charges_minor the late allowance limits.
ALTER TABLE orders ADD COLUMN late_charges_minor bigint NOT NULL DEFAULT 0 CHECK (late_charges_minor >= 0);
-- Σ over overdue days, through late_interest_booked_through, of the amount overdue that day: the
-- late allowance is this × the monthly cap / 30.
ALTER TABLE orders ADD COLUMN overdue_minor_days bigint NOT NULL DEFAULT 0 CHECK (overdue_minor_days >= 0);

-- Existing orders: extra charges were late charges plus one rollover fee per rollover (the product's
-- rate on the principal, rounded half up as loan-terms/rules.ts does). The overdue days before today
-- are not known day by day, so they start at 0: the allowance then only grows from now on, which can
-- only charge less than the law allows, never more.
UPDATE orders o
   SET late_charges_minor = GREATEST(0, o.extra_charges_minor
         - o.rollover_count * ((o.principal_minor * p.rollover_fee_bp * 2 + 10000) / 20000))
  FROM products p
 WHERE p.id = o.product_id AND o.extra_charges_minor > 0;
