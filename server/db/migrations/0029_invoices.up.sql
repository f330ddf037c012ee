-- A guest checkout's invoice and what follows the purchase: the invoice number, the e-mail receipt, the
-- member account a guest opens afterwards, and the coupon the guest applied.

-- Invoice numbers run per provider without gaps (a regulated seller's invoices are numbered): the
-- provider's counter row is incremented in the transaction that makes the checkout successful, so a
-- payment that rolls back gives its number back and two successes at once queue on the row lock.
CREATE TABLE invoice_sequences (
  provider_id   bigint PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
  last_number   bigint NOT NULL CHECK (last_number > 0)
);
ALTER TABLE guest_checkouts ADD COLUMN invoice_number bigint NULL CHECK (invoice_number IS NULL OR invoice_number > 0);
ALTER TABLE guest_checkouts ADD COLUMN invoiced_at timestamptz NULL;
ALTER TABLE guest_checkouts ADD CONSTRAINT guest_checkouts_invoiced CHECK ((invoice_number IS NULL) = (invoiced_at IS NULL));
CREATE UNIQUE INDEX guest_checkouts_invoice_number ON guest_checkouts (provider_id, invoice_number) WHERE invoice_number IS NOT NULL;

-- The receipt e-mail goes out once, in the delivery's transaction; this says it went.
ALTER TABLE guest_checkouts ADD COLUMN receipt_sent_at timestamptz NULL;
-- The language of the flow's pages when the checkout started, for the receipt; NULL: English.
ALTER TABLE guest_checkouts ADD COLUMN language text NULL CHECK (language IN ('en', 'es'));

-- A guest who registers afterwards: their checkouts (same provider, same e-mail) belong to the member.
ALTER TABLE guest_checkouts ADD COLUMN user_id bigint NULL REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX guest_checkouts_user_id ON guest_checkouts (user_id) WHERE user_id IS NOT NULL;
-- Spec §4 registration attempt marker: a member made from a checkout lands on /buy at their first login.
ALTER TABLE users ADD COLUMN registered_from_checkout_at timestamptz NULL;

-- The coupon applied to the checkout's price (its quote holds the same); its use is counted once, when
-- the checkout becomes successful.
ALTER TABLE guest_checkouts ADD COLUMN coupon_id bigint NULL REFERENCES coupons (id) ON DELETE SET NULL;
ALTER TABLE guest_checkouts ADD COLUMN coupon_code text NULL;
-- A coupon may start later than it is created (a campaign prepared ahead).
ALTER TABLE coupons ADD COLUMN valid_from timestamptz NULL;
ALTER TABLE coupons ADD CONSTRAINT coupons_valid_window CHECK (valid_from IS NULL OR expires_at IS NULL OR valid_from < expires_at);
