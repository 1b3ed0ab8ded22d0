-- Uploads (docs/complaints.md): the orphan sweep looks uploads up by age (rows no complaint uses)
-- and by storage key (files on disk that no row names).
CREATE INDEX complaint_images_created ON complaint_images (created_at);
CREATE INDEX complaint_images_storage_key ON complaint_images (storage_key);
