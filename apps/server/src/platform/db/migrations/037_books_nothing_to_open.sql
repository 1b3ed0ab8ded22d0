-- Orders paid out before the books (or outside a payout provider) that owed nothing when the books
-- came to open them (settled already): nothing is booked for them, and this row keeps the books'
-- opening pass from reading them again on every run.
CREATE TABLE books_nothing_to_open (
  order_id   bigint PRIMARY KEY REFERENCES orders (id),
  checked_at timestamptz NOT NULL
);
