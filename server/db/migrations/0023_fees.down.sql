ALTER TABLE payments DROP COLUMN fee_bps;
ALTER TABLE merchants DROP COLUMN fee_bps;
ALTER TABLE providers DROP COLUMN merchant_fee_bps;
