DELETE FROM quotes WHERE to_asset = from_asset;
ALTER TABLE quotes DROP CONSTRAINT quotes_converts_unless_checkout;
ALTER TABLE quotes ADD CONSTRAINT quotes_check CHECK (to_asset <> from_asset);
DROP TABLE checkout_recipients;
