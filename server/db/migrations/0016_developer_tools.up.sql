-- The developers section's webhook tools: the `test` event a merchant sends to try their endpoint (the
-- same outbox as real events), and the test-mode fault switch: until `until`, every delivery to this
-- merchant's endpoint is recorded as answered with `status_code` instead of being sent (the delivery
-- worker honours it only when MODE=test).

ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN ('payment.created', 'payment.detected',
  'payment.settled', 'payment.expired', 'payment.invalid', 'payment.paid_late', 'payment.accepted', 'payment.refunded', 'test'));

CREATE TABLE webhook_test_faults (
  merchant_id  bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  status_code  integer NOT NULL CHECK (status_code BETWEEN 400 AND 599),
  until        timestamptz NOT NULL
);
