-- What a member used of their limits, kept as running totals per UTC day (server/limits/usage.ts), so a
-- limit check reads at most 31 rows per operation instead of summing every use of the month: a member who
-- converts thousands of times a month made each further quote and conversion slower (the sum joined every
-- one of those uses to its transaction, and the index bounded the scan only by member and operation).
-- Kept by triggers, so every writer keeps it without knowing of it:
--   - a use recorded (limit_usage) adds to its day while its transaction's status counts;
--   - a transaction's status crossing between counting (initial, pending, completed) and not (failed,
--     canceled, awaiting_approval) takes its use off its day, or puts it back.
-- limit_usage stays the record of each use; limit_usage_daily is only its sum, rebuilt below from it.
CREATE TABLE limit_usage_daily (
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  currency     text NOT NULL,
  day          date NOT NULL,
  operation    text NOT NULL CHECK (operation IN ('buy', 'sell', 'deposit', 'withdraw', 'send')),
  value_minor  bigint NOT NULL CHECK (value_minor >= 0),
  PRIMARY KEY (user_id, currency, day, operation)
);

-- Whether a transaction in `status` still counts against its member's limits (COUNTING_STATUSES in usage.ts).
CREATE FUNCTION limit_usage_counts(status text) RETURNS boolean IMMUTABLE LANGUAGE sql AS $$
  SELECT status IN ('initial', 'pending', 'completed')
$$;

-- Adds `delta` to one day's total of one operation, or takes it off when negative. Taking off updates the
-- row alone: a proposed insert with a negative value would fail the CHECK before ON CONFLICT is reached,
-- and the row is there, since the use being taken off was added to it.
CREATE FUNCTION limit_usage_daily_add(p_user bigint, p_currency text, p_at timestamptz, p_operation text, p_delta bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta >= 0 THEN
    INSERT INTO limit_usage_daily AS d (user_id, currency, day, operation, value_minor)
    VALUES (p_user, p_currency, (p_at AT TIME ZONE 'UTC')::date, p_operation, p_delta)
    ON CONFLICT (user_id, currency, day, operation) DO UPDATE SET value_minor = d.value_minor + EXCLUDED.value_minor;
  ELSE
    UPDATE limit_usage_daily SET value_minor = value_minor + p_delta
    WHERE user_id = p_user AND currency = p_currency AND day = (p_at AT TIME ZONE 'UTC')::date AND operation = p_operation;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'limit_usage_daily: no total for user % % % on % to take % off', p_user, p_currency, p_operation, p_at, -p_delta;
    END IF;
  END IF;
END;
$$;

CREATE FUNCTION limit_usage_daily_on_use() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND limit_usage_counts((SELECT status FROM money_transactions WHERE id = OLD.transaction_id)) THEN
    PERFORM limit_usage_daily_add(OLD.user_id, OLD.currency, OLD.created_at, OLD.operation, -OLD.value_minor);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND limit_usage_counts((SELECT status FROM money_transactions WHERE id = NEW.transaction_id)) THEN
    PERFORM limit_usage_daily_add(NEW.user_id, NEW.currency, NEW.created_at, NEW.operation, NEW.value_minor);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER limit_usage_daily_on_use AFTER INSERT OR UPDATE OR DELETE ON limit_usage
  FOR EACH ROW EXECUTE FUNCTION limit_usage_daily_on_use();

CREATE FUNCTION limit_usage_daily_on_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  usage_row limit_usage%ROWTYPE;
BEGIN
  SELECT * INTO usage_row FROM limit_usage WHERE transaction_id = NEW.id;
  IF FOUND THEN
    PERFORM limit_usage_daily_add(usage_row.user_id, usage_row.currency, usage_row.created_at, usage_row.operation,
      CASE WHEN limit_usage_counts(NEW.status) THEN usage_row.value_minor ELSE -usage_row.value_minor END);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER limit_usage_daily_on_status AFTER UPDATE OF status ON money_transactions
  FOR EACH ROW WHEN (limit_usage_counts(OLD.status) IS DISTINCT FROM limit_usage_counts(NEW.status))
  EXECUTE FUNCTION limit_usage_daily_on_status();

INSERT INTO limit_usage_daily (user_id, currency, day, operation, value_minor)
SELECT u.user_id, u.currency, (u.created_at AT TIME ZONE 'UTC')::date, u.operation, sum(u.value_minor)
FROM limit_usage u JOIN money_transactions t ON t.id = u.transaction_id
WHERE limit_usage_counts(t.status)
GROUP BY 1, 2, 3, 4;

-- The sums now read limit_usage_daily; this index served only them.
DROP INDEX limit_usage_member;
