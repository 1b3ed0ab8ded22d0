-- Loan confirmation: the offer a borrower is shown for a product, and the order it became.

-- What the confirmation screen (/smpSystem, /manyVoting) offers a borrower for a product, frozen as
-- the product's terms were when it was shown. A push turns the open offer into an order exactly once
-- (orders.offer_key = 'offer:<id>' is unique); a repeated push of the same offer finds its order_id.
-- A new offer is made only after the offer's order has ended (rejected or settled).
CREATE TABLE loan_offers (
  id              bigserial PRIMARY KEY,
  borrower_id     bigint NOT NULL REFERENCES borrowers (id),
  product_id      bigint NOT NULL REFERENCES products (id),
  principal_minor bigint NOT NULL CHECK (principal_minor > 0),
  term_days       int NOT NULL CHECK (term_days BETWEEN 91 AND 365),
  periods         int NOT NULL CHECK (periods >= 1),
  interest_bp     int NOT NULL CHECK (interest_bp >= 0),
  service_fee_bp  int NOT NULL CHECK (service_fee_bp >= 0),
  order_id        bigint UNIQUE REFERENCES orders (id),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
-- At most one offer per borrower and product waits to be pushed.
CREATE UNIQUE INDEX loan_offers_one_open ON loan_offers (borrower_id, product_id) WHERE order_id IS NULL;
CREATE INDEX loan_offers_latest ON loan_offers (borrower_id, product_id, id DESC);
