-- The staff back office's reads (issue 20): lists newest first, an order number in any case, a status,
-- and the dashboard's payments of the day and complaints waiting. A phone or name searched by any part
-- scans borrowers (a trigram index would need the pg_trgm extension on every database).

CREATE INDEX orders_newest ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_newest ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_order_no_lower ON orders (lower(order_no));
CREATE INDEX borrowers_newest ON borrowers (created_at DESC, id DESC);
CREATE INDEX payments_applied ON payments (applied_at);
CREATE INDEX complaints_waiting ON complaints (created_at, id) WHERE replied_at IS NULL;
