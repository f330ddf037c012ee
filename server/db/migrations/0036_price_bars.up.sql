-- Price history (server/rates/price-history.ts): one OHLC bar per asset, resolution and bucket. Prices are
-- stored as each asset's USD price, like the feeds give them (server/rates/feed.ts): every pair is derived
-- from two USD prices, so 11 series hold what 132 pairs would. Prices are exact decimals (the feeds' 18-digit
-- fixed point, core/rate-math.ts), never floats.
--
-- Downsampling keeps the table small: minute bars for 48 hours, hourly bars for 35 days, daily bars forever
-- (about 5,000 rows per asset at most). The recorder upserts, so any number of servers may record at once.
CREATE TABLE price_bars (
  asset       text NOT NULL CHECK (asset ~ '^[A-Z]{3,4}$' AND asset <> 'USD'),
  -- 'm' minute, 'h' hour, 'd' day (UTC); the bar covers [bucket, bucket + one resolution).
  resolution  char(1) NOT NULL CHECK (resolution IN ('m', 'h', 'd')),
  bucket      timestamptz NOT NULL,
  open        numeric(38, 18) NOT NULL CHECK (open > 0),
  high        numeric(38, 18) NOT NULL,
  low         numeric(38, 18) NOT NULL CHECK (low > 0),
  close       numeric(38, 18) NOT NULL CHECK (close > 0),
  CHECK (high >= low AND high >= open AND high >= close AND low <= open AND low <= close),
  PRIMARY KEY (asset, resolution, bucket)
);
