-- The data-protection officer (issue 39, docs/privacy.md): answers the borrowers' requests to correct
-- or erase their data. Signs in with a second factor, like finance and admins.
ALTER TABLE staff_accounts DROP CONSTRAINT staff_accounts_roles_check;
ALTER TABLE staff_accounts ADD CONSTRAINT staff_accounts_roles_check
  CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['agent', 'finance', 'admin', 'collector', 'collections_lead', 'dpo']::text[]);
