-- Deliveries and refunds go through the chain payout queue (server/chain/payouts/): the coins leave after
-- the caller's transaction commits, so each gets a state for "accepted, on its way".
-- A delivery is 'queued' (its payout accepted) until the payout is mined ('sent') or fails ('rejected');
-- its txid is known from the broadcast on, before it is 'sent'.
ALTER TABLE guest_checkouts DROP CONSTRAINT guest_checkouts_delivery_status_check;
ALTER TABLE guest_checkouts ADD CONSTRAINT guest_checkouts_delivery_status_check CHECK (delivery_status IN ('queued', 'sent', 'rejected'));
ALTER TABLE guest_checkouts DROP CONSTRAINT guest_checkouts_delivery_sent;
ALTER TABLE guest_checkouts ADD CONSTRAINT guest_checkouts_delivery_sent CHECK (
  (delivery_status IS DISTINCT FROM 'sent' OR delivery_txid IS NOT NULL)
  AND (delivery_txid IS NULL OR delivery_status IN ('queued', 'sent')));

-- A refund claim is 'sent' once its payout is accepted; its txid comes with the broadcast. A payout that
-- provably failed makes it 'failed' (its reservation released, as an expired claim's).
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_status_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_status_check CHECK (status IN ('claimable', 'sent', 'expired', 'failed'));
-- 0012's unnamed table check (its third multi-column check: payment_refunds_check2), given a name here.
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_check2;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_sent CHECK (
  (status IN ('sent', 'failed')) = (address IS NOT NULL AND sent_at IS NOT NULL)
  AND (txid IS NULL OR status IN ('sent', 'failed')));
