DELETE FROM checkout_payments WHERE method <> 'card';
DROP INDEX checkout_payments_awaiting_wires;
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_bank_fields;
ALTER TABLE checkout_payments DROP COLUMN bank_approval_url;
ALTER TABLE checkout_payments DROP COLUMN bank_payment_id;
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_wire_fields;
ALTER TABLE checkout_payments DROP COLUMN received_at;
ALTER TABLE checkout_payments DROP COLUMN window_ends_at;
ALTER TABLE checkout_payments DROP COLUMN wire_reference;
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_card_only;
ALTER TABLE checkout_payments ALTER COLUMN card SET NOT NULL;
DROP INDEX checkout_payments_one_live;
CREATE UNIQUE INDEX checkout_payments_one_live ON checkout_payments (checkout_id) WHERE status IN ('three_d_secure', 'authorized', 'captured');
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_status_check;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_status_check
  CHECK (status IN ('three_d_secure', 'authorized', 'captured', 'voided', 'declined', 'failed'));
ALTER TABLE checkout_payments DROP CONSTRAINT checkout_payments_method_check;
ALTER TABLE checkout_payments ADD CONSTRAINT checkout_payments_method_check CHECK (method IN ('card'));
