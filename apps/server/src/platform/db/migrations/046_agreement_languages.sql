-- An agreement text in one language (issue 41, docs/i18n.md "Agreements"): the lender keeps a
-- translation of a text beside its English one, at the same product, scene and position. A borrower
-- reads the one in their language, else the English one; the confirmed copy keeps the language it
-- was confirmed in. Existing texts are English.
ALTER TABLE agreements ADD COLUMN lang text NOT NULL DEFAULT 'en' CHECK (lang ~ '^[a-z]{2,3}$');
ALTER TABLE agreements DROP CONSTRAINT IF EXISTS agreements_product_id_scene_position_key;
ALTER TABLE agreements ADD CONSTRAINT agreements_product_scene_position_lang UNIQUE (product_id, scene, position, lang);
