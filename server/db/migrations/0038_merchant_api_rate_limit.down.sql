ALTER TABLE merchants DROP COLUMN api_rate_limit_per_second;
