-- Maker-checker on finance's postings (issue 34, docs/backoffice.md "Money"): a posting of money
-- received at a counter or by bank transfer above POSTING_APPROVAL_ABOVE_MINOR is held here, and
-- nothing is applied, until a second finance user approves it (its payment is applied in the same
-- transaction) or rejects it with a reason. The staff orders area's own table (staff/orders/posting-store.ts).
-- The maker's and checker's names and emails are kept as they were when they acted, like the audit log's.
CREATE TABLE posting_approvals (
  id                  bigserial PRIMARY KEY,
  order_id            bigint NOT NULL REFERENCES orders (id),
  order_no            text NOT NULL,
  amount_minor        bigint NOT NULL CHECK (amount_minor > 0),
  method              text NOT NULL CHECK (method IN ('counter', 'bank-transfer')),
  -- The receipt's or transfer's reference, as posted (the payment's provider_ref is 'posted:' || reference).
  reference           text NOT NULL,
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  posted_by_staff_id  bigint NOT NULL REFERENCES staff_accounts (id),
  posted_by_name      text NOT NULL,
  posted_by_email     text NOT NULL,
  posted_at           timestamptz NOT NULL,
  decided_by_staff_id bigint REFERENCES staff_accounts (id),
  decided_by_name     text,
  decided_by_email    text,
  decided_at          timestamptz,
  reason              text,
  payment_id          bigint REFERENCES payments (id),
  CONSTRAINT posting_approvals_decided CHECK ((status = 'pending') = (decided_at IS NULL) AND (decided_at IS NULL) = (decided_by_staff_id IS NULL)),
  -- The rule itself, kept by the data too: the maker never decides their own posting.
  CONSTRAINT posting_approvals_four_eyes CHECK (decided_by_staff_id IS NULL OR decided_by_staff_id <> posted_by_staff_id),
  CONSTRAINT posting_approvals_applied CHECK ((status = 'approved') = (payment_id IS NOT NULL)),
  CONSTRAINT posting_approvals_reason CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
-- A reference is reserved while its posting waits: one posting awaiting approval per reference.
CREATE UNIQUE INDEX posting_approvals_pending_reference ON posting_approvals (reference) WHERE status = 'pending';
CREATE INDEX posting_approvals_by_status ON posting_approvals (status, posted_at, id);
CREATE INDEX posting_approvals_by_order ON posting_approvals (order_id);
