DELETE FROM payment_events WHERE type = 'payment.dropped';
DELETE FROM webhook_events WHERE type = 'payment.dropped';
ALTER TABLE payment_events DROP CONSTRAINT payment_events_type_check;
ALTER TABLE payment_events ADD CONSTRAINT payment_events_type_check CHECK (type IN ('payment.created', 'payment.detected', 'payment.settled',
  'payment.expired', 'payment.invalid', 'payment.paid_late', 'payment.accepted', 'payment.refunded'));
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN ('payment.created', 'payment.detected',
  'payment.settled', 'payment.expired', 'payment.invalid', 'payment.paid_late', 'payment.accepted', 'payment.refunded', 'test'));
