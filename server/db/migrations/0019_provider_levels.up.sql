-- Levels and limits: each provider's verification levels and their limits, and what each
-- money operation used of them.
--
-- providers.levels: NULL = the defaults of core/compliance/levels-config.ts; otherwise the operator's
-- ladder as JSON, checked against LevelsConfigSchema every time it is read (server/limits/provider-levels.ts).
ALTER TABLE providers ADD COLUMN levels jsonb NULL CHECK (levels IS NULL OR jsonb_typeof(levels) = 'object');

-- One row per money transaction that was checked against a limit: which operation of the ladder it is
-- and what it was worth in the provider's fiat at the rate the operation itself used, fixed when it
-- happened (a later price must not change what the member has used). Whether it still counts is the
-- transaction's status (initial, pending and completed count; failed and canceled do not), read by
-- joining money_transactions, so a voided withdrawal gives its limit back without touching this table.
CREATE TABLE limit_usage (
  transaction_id  bigint PRIMARY KEY REFERENCES money_transactions (id) ON DELETE RESTRICT,
  provider_id     bigint NOT NULL REFERENCES providers (id) ON DELETE RESTRICT,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  operation       text NOT NULL CHECK (operation IN ('buy', 'sell', 'deposit', 'withdraw', 'send')),
  currency        text NOT NULL,
  value_minor     bigint NOT NULL CHECK (value_minor >= 0),
  created_at      timestamptz NOT NULL
);
-- The sums of one member's operation this month and today.
CREATE INDEX limit_usage_member ON limit_usage (user_id, operation, created_at);
