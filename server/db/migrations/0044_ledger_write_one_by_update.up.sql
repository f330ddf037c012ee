-- ledger_write_one (0040) with each account changed by ONE statement that also locks and checks it. The
-- function locked the two accounts (SELECT ... FOR UPDATE), checked the locked rows, inserted the transfer
-- and then updated both rows: five statements, two of them a row lock each (a WAL record of its own) taken
-- only to be followed by an UPDATE of the same row. Here the UPDATE is the lock: lower account id first, as
-- every writer locks (so no deadlock), its WHERE holding the checks (the 64-bit sums in numeric, so nothing
-- can overflow; the overdraft guard), evaluated on the row as it stands once locked (READ COMMITTED checks a
-- row a concurrent writer changed again before updating it, and adds to that writer's sums). A row whose
-- committed state already fails the WHERE is passed over without waiting (a spend of money a concurrent
-- deposit has not committed yet): the function declines, and the careful path, which locks first, waits for
-- it. The happy path is three statements. A decline after an account was changed (the other refuses, the
-- assets differ, the id is known) takes back what this call added, on rows it still holds locked, so false
-- still means nothing written, and the caller's careful path answers with the code.
-- Measured: on PGlite a single transfer in its own transaction took about 10 % less (0.87 against 1.0 ms in
-- one run); on PostgreSQL with 8 writers single transfers went from 0.48 to 0.57 of a raw insert's rate.
CREATE OR REPLACE FUNCTION ledger_write_one(p_id text, p_pending boolean, p_debit bigint, p_credit bigint, p_amount bigint,
                                            p_code text, p_ref text)
RETURNS boolean LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  max_sum CONSTANT numeric := 9223372036854775807;
  accounts bigint[];
  account bigint;
  changed text[] := ARRAY[]::text[];
  asset_of text;
  written int := 0;
BEGIN
  -- The table's own checks, answered as a decline rather than an error.
  IF p_amount IS NULL OR p_amount <= 0 OR p_debit IS NULL OR p_credit IS NULL OR p_debit = p_credit OR p_pending IS NULL
     OR p_id IS NULL OR length(p_id) NOT BETWEEN 1 AND 128
     OR (p_ref IS NOT NULL AND length(p_ref) NOT BETWEEN 1 AND 128)
     OR p_code NOT IN ('deposit', 'withdrawal', 'conversion', 'fee', 'payment', 'settlement', 'correction', 'capital') THEN
    RETURN false;
  END IF;

  accounts := CASE WHEN p_debit < p_credit THEN ARRAY[p_debit, p_credit] ELSE ARRAY[p_credit, p_debit] END;
  FOREACH account IN ARRAY accounts LOOP
    UPDATE ledger_accounts SET
      debits_pending  = debits_pending  + CASE WHEN account = p_debit AND p_pending THEN p_amount ELSE 0 END,
      debits_posted   = debits_posted   + CASE WHEN account = p_debit AND NOT p_pending THEN p_amount ELSE 0 END,
      credits_pending = credits_pending + CASE WHEN account = p_credit AND p_pending THEN p_amount ELSE 0 END,
      credits_posted  = credits_posted  + CASE WHEN account = p_credit AND NOT p_pending THEN p_amount ELSE 0 END
    WHERE id = account
      AND (CASE WHEN account = p_debit THEN (CASE WHEN p_pending THEN debits_pending ELSE debits_posted END)
                ELSE (CASE WHEN p_pending THEN credits_pending ELSE credits_posted END) END)::numeric + p_amount <= max_sum
      AND (account = p_credit OR NOT debits_must_not_exceed_credits OR debits_pending::numeric + debits_posted + p_amount <= credits_posted)
    RETURNING asset INTO asset_of;
    EXIT WHEN asset_of IS NULL;
    changed := changed || asset_of;
  END LOOP;

  IF cardinality(changed) = 2 AND changed[1] = changed[2] THEN
    -- A known id (a replay, or a racing writer of the same id) is skipped, and taken back below.
    INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, pending)
    VALUES (p_id, p_debit, p_credit, p_amount, changed[1], p_code, p_ref, p_pending)
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written = 1 THEN
      RETURN true;
    END IF;
  END IF;

  FOR i IN 1 .. cardinality(changed) LOOP
    UPDATE ledger_accounts SET
      debits_pending  = debits_pending  - CASE WHEN accounts[i] = p_debit AND p_pending THEN p_amount ELSE 0 END,
      debits_posted   = debits_posted   - CASE WHEN accounts[i] = p_debit AND NOT p_pending THEN p_amount ELSE 0 END,
      credits_pending = credits_pending - CASE WHEN accounts[i] = p_credit AND p_pending THEN p_amount ELSE 0 END,
      credits_posted  = credits_posted  - CASE WHEN accounts[i] = p_credit AND NOT p_pending THEN p_amount ELSE 0 END
    WHERE id = accounts[i];
  END LOOP;
  RETURN false;
END;
$$;
