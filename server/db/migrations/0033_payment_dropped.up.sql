-- payment.dropped: the transaction seen for a payment left the network before it confirmed (replaced,
-- double spent, dropped); the merchant is told in the payment's history and by webhook, so both event
-- logs accept the type.

ALTER TABLE payment_events DROP CONSTRAINT payment_events_type_check;
ALTER TABLE payment_events ADD CONSTRAINT payment_events_type_check CHECK (type IN ('payment.created', 'payment.detected', 'payment.settled',
  'payment.expired', 'payment.invalid', 'payment.paid_late', 'payment.accepted', 'payment.refunded', 'payment.dropped'));
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN ('payment.created', 'payment.detected',
  'payment.settled', 'payment.expired', 'payment.invalid', 'payment.paid_late', 'payment.accepted', 'payment.refunded', 'payment.dropped', 'test'));
