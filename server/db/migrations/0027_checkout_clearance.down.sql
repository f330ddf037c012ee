DROP TABLE guest_identity_checks;
DROP INDEX one_time_codes_checkout;
DELETE FROM one_time_codes WHERE checkout_id IS NOT NULL;
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_one_subject;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_check CHECK ((user_id IS NULL) <> (registration_attempt_id IS NULL));
ALTER TABLE one_time_codes DROP COLUMN checkout_id;
DROP INDEX guest_checkouts_authorized_expiry;
ALTER TABLE guest_checkouts DROP COLUMN failure_reason;
DROP INDEX checkout_payments_one_live;
UPDATE checkout_payments SET status = 'captured' WHERE status = 'authorized';
UPDATE checkout_payments SET status = 'failed' WHERE status = 'voided';
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_status_check;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_status_check
  CHECK (status IN ('three_d_secure', 'captured', 'declined', 'failed'));
CREATE UNIQUE INDEX checkout_payments_one_live ON checkout_payments (checkout_id) WHERE status IN ('three_d_secure', 'captured');
