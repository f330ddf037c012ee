-- Back to one key per merchant: the oldest live key, or an unusable random digest when none is live.
ALTER TABLE merchants ADD COLUMN secret_key_hash text NULL UNIQUE;
UPDATE merchants SET secret_key_hash = COALESCE(
  (SELECT key_hash FROM merchant_api_keys k WHERE k.merchant_id = merchants.id AND k.revoked_at IS NULL ORDER BY k.id LIMIT 1),
  encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'));
ALTER TABLE merchants ALTER COLUMN secret_key_hash SET NOT NULL;
DROP TABLE merchant_api_keys;
