-- No card or account number is kept readable (PCI DSS 3.4/3.5; security review issue 18). A row keeps
-- card_no_masked (the last 4 digits), card_no_hash (HMAC-SHA256 of the digits under CARD_HASH_KEY:
-- "is this the same number?" without the number) and, for a payout account of the bank screen only,
-- card_no_encrypted (AES-256-GCM under CARD_DATA_KEYS, 'v1.<key id>.<iv>.<ciphertext>.<tag>').
-- SQL has no keys, so the rows written before this are converted by the server at start, right after
-- the migrations (bank-cards/protect-at-start.ts): batch by batch it hashes and encrypts each card_no
-- and sets it NULL, then drops card_no once no row holds one.
ALTER TABLE bank_cards
  ALTER COLUMN card_no DROP NOT NULL,
  ADD COLUMN card_no_hash text,
  ADD COLUMN card_no_encrypted text,
  -- A repayment card (bound_via NULL) never needs its number back: it keeps the hash only.
  ADD CONSTRAINT bank_cards_encrypted_payout_only CHECK (card_no_encrypted IS NULL OR bound_via IS NOT NULL);
