DROP TABLE guest_checkout_sessions;
DELETE FROM quotes WHERE checkout_id IS NOT NULL;
ALTER TABLE quotes DROP CONSTRAINT quotes_one_owner;
ALTER TABLE quotes DROP COLUMN checkout_id;
ALTER TABLE quotes ALTER COLUMN user_id SET NOT NULL;
DROP TABLE guest_checkouts;
