-- The merchant API is limited per secret key (server/http/merchant-rate-limit.ts), not per address, so a busy
-- merchant's server is not refused at the platform's per-address figure. An operator may give one merchant
-- its own figure in the console: requests a second for each of its keys. NULL: the platform default (100,
-- core/merchant-rate-limit.ts). At most 1000: a larger figure is a slip (a per-minute figure typed per second).
ALTER TABLE merchants
  ADD COLUMN api_rate_limit_per_second integer NULL
  CHECK (api_rate_limit_per_second IS NULL OR api_rate_limit_per_second BETWEEN 1 AND 1000);
