-- Order details and the joint-login failure page: the recommended products both screens list.

-- The recommendation card of a product (spec section 3, Recommended product). Logo and name come
-- from products; whether its button is enabled, and the button's text, are decided per borrower.
CREATE TABLE product_recommendations (
  product_id  bigint PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  range_text  text NOT NULL,                  -- amount range as shown, e.g. '₱1000 - ₱5000'
  range_desc  text NOT NULL,                  -- what the range is, e.g. 'Loan amount'
  rate        text NOT NULL,                  -- e.g. 'Daily interest 0.10%'
  description text NOT NULL,
  tags        jsonb NOT NULL DEFAULT '[]',    -- short labels; the screens show them on the first 2 cards only
  sort        int NOT NULL DEFAULT 0,
  active      boolean NOT NULL DEFAULT true
);

-- Tracking events are looked up per borrower and kind (has this borrower rated the app yet?).
CREATE INDEX tracking_events_borrower_kind ON tracking_events (borrower_id, kind);
