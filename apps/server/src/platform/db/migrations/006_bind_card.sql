-- Payment accounts bound on the bank screen (/candidateWhile): which product's screen saved each one,
-- through which call, whether a newer account has replaced it, and which orders pay out to it.

ALTER TABLE bank_cards
  ADD COLUMN product_id  bigint REFERENCES products (id),
  -- The bank screen's call that saved the account; NULL for a card written elsewhere (e.g. one
  -- added for repayment), which the bank screen neither shows nor replaces.
  ADD COLUMN bound_via   text CHECK (bound_via IN ('bind-card-new', 'bind-card-change')),
  -- Set when a later save on the bank screen replaces this account; the current one has none.
  ADD COLUMN replaced_at timestamptz;

CREATE INDEX bank_cards_bound ON bank_cards (borrower_id, id DESC) WHERE bound_via IS NOT NULL;

-- The account an order pays out to, set by bind-card-change on the borrower's open orders of the product.
ALTER TABLE orders ADD COLUMN bank_card_id bigint REFERENCES bank_cards (id);
