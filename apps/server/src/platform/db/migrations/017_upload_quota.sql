-- The hourly complaint-image quota (issue 18, docs/complaints.md): one row per upload the quota let
-- through, taken before the request's file is read, under the borrower's row lock, so concurrent
-- uploads (from any number of server processes) are counted one after another. A refused file keeps
-- its row; a failure on the server's side (a full re-encode queue, storage down) deletes it again.
-- Rows older than the hour no longer count; the hourly orphan sweep deletes them. Uploads made in
-- the hour before this migration are not counted (the quota starts empty once).
CREATE TABLE upload_slots (
  id          bigserial PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  taken_at    timestamptz NOT NULL
);
CREATE INDEX upload_slots_borrower_taken ON upload_slots (borrower_id, taken_at);
CREATE INDEX upload_slots_taken ON upload_slots (taken_at);
