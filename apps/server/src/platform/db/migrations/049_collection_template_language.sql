-- The language a collection template is written in (issue 41, docs/collections.md "Templates"): the
-- admin's words are theirs, but the lines the server adds to a filled template (the disputed label,
-- India's grievance officer) are written in it. A real language only, never the pseudo-locale.
-- Existing templates are English.
ALTER TABLE collection_templates ADD COLUMN lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'fil', 'hi'));
