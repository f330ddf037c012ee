CREATE INDEX limit_usage_member ON limit_usage (user_id, operation, created_at);
DROP TRIGGER limit_usage_daily_on_status ON money_transactions;
DROP FUNCTION limit_usage_daily_on_status();
DROP TRIGGER limit_usage_daily_on_use ON limit_usage;
DROP FUNCTION limit_usage_daily_on_use();
DROP FUNCTION limit_usage_daily_add(bigint, text, timestamptz, text, bigint);
DROP FUNCTION limit_usage_counts(text);
DROP TABLE limit_usage_daily;
