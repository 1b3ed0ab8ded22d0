-- Uploaded images kept in the database (UPLOAD_STORE=postgres, DATABASE_URL's default;
-- providers/storage/postgres.ts, docs/complaints.md), so every server process serves every image.
-- One row per image under the key every store uses (<folder>/<32 hex>.<ext>); a row is written whole
-- in one INSERT and never updated, so no process ever reads half an image. The orphan sweep lists a
-- folder by age (created_at, on the database's clock).
CREATE TABLE upload_blobs (
  key          text PRIMARY KEY,
  folder       text NOT NULL,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_blobs_folder_created ON upload_blobs (folder, created_at);
