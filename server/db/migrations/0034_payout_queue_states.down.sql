-- A refund whose payout failed was released like an expired claim; one accepted but not yet broadcast
-- goes back to claimable (its reservation is still pending), so the buyer's link works again.
UPDATE payment_refunds SET status = 'expired', address = NULL, txid = NULL, sent_at = NULL WHERE status = 'failed';
UPDATE payment_refunds SET status = 'claimable', address = NULL, sent_at = NULL WHERE status = 'sent' AND txid IS NULL;
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_sent;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_check2 CHECK ((status = 'sent') = (txid IS NOT NULL AND address IS NOT NULL AND sent_at IS NOT NULL));
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_status_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_status_check CHECK (status IN ('claimable', 'sent', 'expired'));
-- A delivery still queued goes back to "not delivered": the next run of the old delivery worker sends it
-- by its checkout's id (the test network's payout is idempotent by that id).
UPDATE guest_checkouts SET delivery_status = NULL, delivery_txid = NULL WHERE delivery_status = 'queued';
ALTER TABLE guest_checkouts DROP CONSTRAINT guest_checkouts_delivery_sent;
ALTER TABLE guest_checkouts ADD CONSTRAINT guest_checkouts_delivery_sent CHECK ((delivery_status = 'sent') = (delivery_txid IS NOT NULL));
ALTER TABLE guest_checkouts DROP CONSTRAINT guest_checkouts_delivery_status_check;
ALTER TABLE guest_checkouts ADD CONSTRAINT guest_checkouts_delivery_status_check CHECK (delivery_status IN ('sent', 'rejected'));
