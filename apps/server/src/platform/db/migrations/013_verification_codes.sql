-- Verification codes (issue 11, docs/security.md): the register SMS code is kept as a salted
-- SHA-256, never in plain digits, and compared in constant time (modules/promotion/code-hash.ts).
-- The salt is the row's captcha session id and phone. A 6-digit code can be found from its hash by
-- trying a million codes, so this keeps live codes out of plain sight (ops queries, backups); what
-- protects a code is its 10-minute life and its 5 tries.
ALTER TABLE sms_codes ADD COLUMN code_hash text;
UPDATE sms_codes SET code_hash = encode(sha256(convert_to(sid || ':' || phone || ':' || code, 'UTF8')), 'hex');
ALTER TABLE sms_codes ALTER COLUMN code_hash SET NOT NULL;
ALTER TABLE sms_codes DROP COLUMN code;
