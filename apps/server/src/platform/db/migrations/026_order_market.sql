-- Each order belongs to one market (issue 23, docs/loan-terms.md): the Philippines (PH) or India (IN),
-- fixed when the order is made from the currency the borrower confirmed in (real=1 is India). The
-- market decides the legal caps, the cooling-off period and the calendar its days are counted on.
ALTER TABLE orders ADD COLUMN market text NOT NULL DEFAULT 'PH' CHECK (market IN ('PH', 'IN'));
