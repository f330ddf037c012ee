DROP TABLE webhook_test_faults;
DELETE FROM webhook_events WHERE type = 'test';
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN ('payment.created', 'payment.detected',
  'payment.settled', 'payment.expired', 'payment.invalid', 'payment.paid_late', 'payment.accepted', 'payment.refunded'));
