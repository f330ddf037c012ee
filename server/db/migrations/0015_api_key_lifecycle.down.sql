DROP INDEX merchant_api_keys_create_request;
ALTER TABLE merchant_api_keys DROP COLUMN create_request, DROP COLUMN last_used_at, DROP COLUMN expires_at;
