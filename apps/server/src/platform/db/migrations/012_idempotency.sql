-- Idempotency keys (docs/api.md, "Idempotency-Key"): the money and code-issue calls (repayment
-- commit, confirm and huichao, loan push and goya depush, generate-vcode) may carry a key. The first
-- request with a key claims it here ('in_progress'), runs, and stores its answer ('done'); a retry
-- with the same key and payload gets that answer again, byte for byte, without running the call.
-- A key belongs to one borrower and one call, and is kept 24 hours (expires_at).
CREATE TABLE idempotency_keys (
  borrower_id  bigint NOT NULL REFERENCES borrowers (id),
  -- The call: its method and URL path, e.g. 'POST /h5api/v3/loan-confirm/loan-detail-push'.
  call_name    text NOT NULL,
  idem_key     text NOT NULL,
  -- sha256 of the canonical payload (query without the session parameters, plus the form body).
  request_hash text NOT NULL,
  state        text NOT NULL CHECK (state IN ('in_progress', 'done')),
  -- The stored answer: HTTP status, content type and the exact bytes of the body.
  status_code  int,
  content_type text,
  body         text,
  created_at   timestamptz NOT NULL,
  completed_at timestamptz,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (borrower_id, call_name, idem_key),
  CHECK (state = 'in_progress' OR (status_code IS NOT NULL AND body IS NOT NULL))
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
