-- A replayed provider notification (issue 34, item 5): one row per notification the provider signed.
-- The signature (Dragonpay's digest) is SHA1(txnid:refno:status:message:password), so for one
-- merchant password the signed fields decide it: keyed on them, a replay of a stored notification
-- (the same fields, the same digest) is no new row, and the postback answers it result=OK without
-- asking the provider again (modules/repayment/provider-notifications.ts). The fields rather than the
-- digest: they are in every row already stored (so duplicates of older rows are found too), they stay
-- the key when the password changes, and no signature is kept to guess the password from offline.
--
-- Rows stored twice before this migration: the oldest of each group stays. If a later one of its
-- group was not settled yet, the oldest becomes unsettled again, so the next pass asks the provider
-- once more instead of the later row's question being lost (settling is idempotent).
UPDATE provider_notifications keep
   SET settled_at = NULL, outcome = NULL
 WHERE keep.settled_at IS NOT NULL
   AND NOT EXISTS (
     SELECT 1 FROM provider_notifications older
      WHERE older.provider = keep.provider AND older.txn_id = keep.txn_id AND older.ref_no = keep.ref_no
        AND older.status = keep.status AND older.message = keep.message AND older.id < keep.id)
   AND EXISTS (
     SELECT 1 FROM provider_notifications later
      WHERE later.provider = keep.provider AND later.txn_id = keep.txn_id AND later.ref_no = keep.ref_no
        AND later.status = keep.status AND later.message = keep.message AND later.id > keep.id
        AND later.settled_at IS NULL);

DELETE FROM provider_notifications later
 USING provider_notifications older
 WHERE older.provider = later.provider AND older.txn_id = later.txn_id AND older.ref_no = later.ref_no
   AND older.status = later.status AND older.message = later.message AND older.id < later.id;

CREATE UNIQUE INDEX provider_notifications_once ON provider_notifications (provider, txn_id, ref_no, status, message);
