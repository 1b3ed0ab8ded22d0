-- The borrower's language (issue 41, docs/i18n.md "The borrower's language"): the language of the
-- borrower's latest call (the page's `lang`; English without it), so the back office can show it and
-- a message about no order can be written in it. NULL until the borrower's first call. Writing it
-- moves the 'sessions' version (migration 045), as any change to a borrower does.
ALTER TABLE borrowers ADD COLUMN lang text CHECK (lang ~ '^[a-z]{2,3}$');
