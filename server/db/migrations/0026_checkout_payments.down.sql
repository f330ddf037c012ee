DROP INDEX guest_checkouts_undelivered;
ALTER TABLE guest_checkouts DROP CONSTRAINT guest_checkouts_delivery_sent;
ALTER TABLE guest_checkouts DROP COLUMN delivered_at;
ALTER TABLE guest_checkouts DROP COLUMN delivery_error;
ALTER TABLE guest_checkouts DROP COLUMN delivery_txid;
ALTER TABLE guest_checkouts DROP COLUMN delivery_status;
DROP TABLE checkout_payments;
