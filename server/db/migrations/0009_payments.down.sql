DROP TABLE IF EXISTS payment_events;
DROP TABLE IF EXISTS payments;
