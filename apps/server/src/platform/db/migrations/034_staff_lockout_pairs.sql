-- Issue 34: the staff lockout counts per account and per (account, address), and a session knows
-- whether it proved the account's second factor (docs/backoffice.md, "Security").

-- The address each wrong password or code came from. Rows from before have none: they count
-- towards the account, never towards a pair. An attempt refused unchecked while locked is kept too
-- (checked = false): it never locks anything, but a right password sent with a burst of them is not
-- taken (docs/backoffice.md, "Lockout").
ALTER TABLE staff_sign_in_failures ADD COLUMN address text;
ALTER TABLE staff_sign_in_failures ADD COLUMN checked boolean NOT NULL DEFAULT true;
CREATE INDEX staff_sign_in_failures_pair ON staff_sign_in_failures (email, address, at);

-- When this session proved the second factor (a code, a recovery code, or the set-up's first code);
-- null when it did not. A session signed in before this column existed proved it if its account has
-- a second factor (there was no other way in for such an account).
ALTER TABLE staff_sessions ADD COLUMN second_factor_at timestamptz;
UPDATE staff_sessions s SET second_factor_at = s.created_at
  FROM staff_accounts a
  WHERE a.id = s.staff_id AND s.stage = 'signed-in' AND s.ended_at IS NULL AND a.totp_secret_sealed IS NOT NULL;
