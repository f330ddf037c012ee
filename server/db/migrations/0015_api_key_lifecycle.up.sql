-- Secret API key lifecycle: a key can be rolled with an overlap (the old key keeps working until
-- expires_at, like Stripe's roll), and the merchant sees when each key was last used. last_used_at is
-- written at most once a minute per key (server/merchants/secret-key-guard.ts), not on every request.
-- create_request is the hash of the client's request id for the call that made the key: a retried
-- create finds the key it already made instead of making a second one (the secret is never stored, so
-- the retry cannot be answered it again).

ALTER TABLE merchant_api_keys
  ADD COLUMN expires_at timestamptz NULL,
  ADD COLUMN last_used_at timestamptz NULL,
  ADD COLUMN create_request text NULL CHECK (create_request ~ '^[0-9a-f]{64}$');
CREATE UNIQUE INDEX merchant_api_keys_create_request ON merchant_api_keys (merchant_id, create_request);
