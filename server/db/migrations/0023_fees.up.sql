-- The merchant fee stops being a constant: a provider sets its default fee on merchant payments
-- and may override it per merchant, both in basis points (100 = 1 %). A payment keeps the fee that applied
-- when it was created (payments.fee_bps), so changing a fee never rewrites what a payment already costs.
-- At most 2000 bps (20 %): a figure above that is a typo (bps read as percent), never a price.

ALTER TABLE providers
  ADD COLUMN merchant_fee_bps integer NOT NULL DEFAULT 100 CHECK (merchant_fee_bps BETWEEN 0 AND 2000);

-- NULL: the provider's default applies.
ALTER TABLE merchants
  ADD COLUMN fee_bps integer NULL CHECK (fee_bps IS NULL OR fee_bps BETWEEN 0 AND 2000);

-- Payments made before this migration were charged the old constant 1 %; new ones name their fee.
ALTER TABLE payments
  ADD COLUMN fee_bps integer NOT NULL DEFAULT 100 CHECK (fee_bps BETWEEN 0 AND 2000);
ALTER TABLE payments
  ALTER COLUMN fee_bps DROP DEFAULT;
