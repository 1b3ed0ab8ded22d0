-- Overpayment and voiding (issue 34, item 3; docs/repayment.md, "Exceptions" and "Voiding"): money that
-- arrives for more than its order owes is applied up to what is owed, and the rest is one payment
-- exception of the kind 'overpayment', held as the borrower's credit, never added to the order's paid total.

ALTER TABLE payment_exceptions DROP CONSTRAINT payment_exceptions_kind_check;
ALTER TABLE payment_exceptions ADD CONSTRAINT payment_exceptions_kind_check
  CHECK (kind IN ('amount_mismatch', 'already_paid', 'order_closed', 'unknown_reference', 'overpayment'));

-- What is held as the borrower's credit: the whole amount received for the other kinds (nothing of
-- it was applied, as the rows recorded before this say), the part beyond what was owed for an
-- overpayment, whose received_minor is the whole payment and expected_minor what the order owed.
ALTER TABLE payment_exceptions ADD COLUMN held_minor bigint;
UPDATE payment_exceptions SET held_minor = received_minor;
ALTER TABLE payment_exceptions ALTER COLUMN held_minor SET NOT NULL;
ALTER TABLE payment_exceptions ADD CONSTRAINT payment_exceptions_held CHECK (held_minor >= 0 AND held_minor <= received_minor);
-- An overpayment's payment (the part that was applied); none for the other kinds.
ALTER TABLE payment_exceptions ADD COLUMN payment_id bigint REFERENCES payments (id);
CREATE UNIQUE INDEX payment_exceptions_one_per_payment ON payment_exceptions (payment_id) WHERE payment_id IS NOT NULL;

-- Payments applied before this kept what was beyond the order's debt in its paid total (unappliedMinor
-- of their stored result), with no exception: each becomes its exception now, and the order's paid
-- total loses what it held (the plan and the charges never had it).
INSERT INTO payment_exceptions (kind, provider, txn_id, ref_no, pay_code_id, order_id, borrower_id, received_minor, expected_minor, held_minor, payment_id, detail, created_at)
SELECT 'overpayment',
       split_part(pm.provider_ref, ':', 1),
       pc.txn_id,
       substr(pm.provider_ref, length(split_part(pm.provider_ref, ':', 1)) + 2),
       pc.id,
       pc.order_id,
       o.borrower_id,
       pm.amount_minor,
       pm.amount_minor - (pm.result ->> 'unappliedMinor')::bigint,
       (pm.result ->> 'unappliedMinor')::bigint,
       pm.id,
       'payment ' || pm.id || ' brought ' || (pm.result ->> 'unappliedMinor') || ' beyond what order ' || o.order_no
         || ' owed; applied before overpayments were held apart (migration 031 took it out of the order''s paid total)',
       pm.applied_at
  FROM payments pm
  JOIN pay_codes pc ON pc.id = pm.pay_code_id
  JOIN orders o ON o.id = pc.order_id
 WHERE coalesce((pm.result ->> 'unappliedMinor')::bigint, 0) > 0
 ORDER BY pm.id
ON CONFLICT DO NOTHING;

UPDATE orders o
   SET paid_minor = o.paid_minor - held.minor
  FROM (SELECT pc.order_id, sum((pm.result ->> 'unappliedMinor')::bigint) AS minor
          FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id
         WHERE coalesce((pm.result ->> 'unappliedMinor')::bigint, 0) > 0
         GROUP BY pc.order_id) held
 WHERE o.id = held.order_id;

-- Voiding (docs/repayment.md, "Voiding"): a payment or posting that settles or cancels an order voids
-- its other open pay codes in the same transaction, saying which payment did it; after the commit the
-- provider is asked to void each where it can, and its answer is kept: 'done', 'refused' (e.g. paid
-- there already), 'not supported' (a provider without voids), 'failed' (no answer); NULL while not
-- asked. Codes voided by the provider's own V or K status keep these empty.
ALTER TABLE pay_codes ADD COLUMN voided_at timestamptz;
ALTER TABLE pay_codes ADD COLUMN void_reason text;
ALTER TABLE pay_codes ADD COLUMN provider_void text CHECK (provider_void IN ('done', 'refused', 'not supported', 'failed'));
ALTER TABLE pay_codes ADD COLUMN provider_void_detail text;
