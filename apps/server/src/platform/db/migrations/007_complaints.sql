-- Complaints (docs/complaints.md): where each uploaded image is stored, when a complaint was rated,
-- and a submission fingerprint that finds a retried submission only within the replay window.

-- 001 made submission_key unique for ever, so the same words could never be filed again, even
-- weeks later; the service now looks a fingerprint up within its window, per borrower.
ALTER TABLE complaints DROP CONSTRAINT IF EXISTS complaints_submission_key_key;
CREATE INDEX complaints_submission ON complaints (borrower_id, submission_key, created_at DESC);
ALTER TABLE complaints ADD COLUMN scored_at timestamptz;

-- The storage's own key (an object store's URL need not contain it), what the content was
-- recognised as, and its size.
ALTER TABLE complaint_images ADD COLUMN storage_key text NOT NULL DEFAULT '';
ALTER TABLE complaint_images ADD COLUMN content_type text NOT NULL DEFAULT '';
ALTER TABLE complaint_images ADD COLUMN byte_size int NOT NULL DEFAULT 0 CHECK (byte_size >= 0);
-- Ownership checks on problem-save and the hourly upload quota read by borrower.
CREATE INDEX complaint_images_borrower ON complaint_images (borrower_id, created_at DESC);
