-- The borrower's requests to correct or erase their data (issue 39, docs/privacy.md): a reference a
-- person can read (DR-YYYYMMDD-NNNN, numbered per lender day like complaint tickets), the date the
-- lender answers by, and its state. One erasure request open per borrower at a time.
CREATE TABLE data_request_days (
  day      date PRIMARY KEY,
  last_seq int NOT NULL
);
CREATE TABLE data_requests (
  id           bigserial PRIMARY KEY,
  ref_no       text NOT NULL UNIQUE,
  borrower_id  bigint NOT NULL REFERENCES borrowers (id),
  kind         text NOT NULL CHECK (kind IN ('correction', 'erasure')),
  field        text NOT NULL DEFAULT '',
  value        text NOT NULL DEFAULT '',
  image_url    text NOT NULL DEFAULT '',
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'approved', 'refused', 'done')),
  reason       text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  answer_by    date NOT NULL,
  decided_by   bigint REFERENCES staff_accounts (id),
  decided_at   timestamptz,
  done_at      timestamptz,
  CHECK (kind = 'correction' OR (field = '' AND value = ''))
);
CREATE INDEX data_requests_borrower ON data_requests (borrower_id, id DESC);
CREATE UNIQUE INDEX data_requests_one_open_erasure ON data_requests (borrower_id) WHERE kind = 'erasure' AND state IN ('open', 'approved');
