-- Back to 0040's ledger_write_one: lock both accounts, check the locked rows, insert, then update.
CREATE OR REPLACE FUNCTION ledger_write_one(p_id text, p_pending boolean, p_debit bigint, p_credit bigint, p_amount bigint,
                                 p_code text, p_ref text)
RETURNS boolean LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
DECLARE
  max_sum CONSTANT numeric := 9223372036854775807;
  d ledger_accounts%ROWTYPE;
  c ledger_accounts%ROWTYPE;
  written int;
BEGIN
  -- The table's own checks, answered as a decline rather than an error.
  IF p_amount IS NULL OR p_amount <= 0 OR p_debit IS NULL OR p_credit IS NULL OR p_debit = p_credit
     OR p_id IS NULL OR length(p_id) NOT BETWEEN 1 AND 128
     OR (p_ref IS NOT NULL AND length(p_ref) NOT BETWEEN 1 AND 128)
     OR p_code NOT IN ('deposit', 'withdrawal', 'conversion', 'fee', 'payment', 'settlement', 'correction', 'capital') THEN
    RETURN false;
  END IF;

  IF p_debit < p_credit THEN
    SELECT * INTO d FROM ledger_accounts WHERE id = p_debit FOR UPDATE;
    SELECT * INTO c FROM ledger_accounts WHERE id = p_credit FOR UPDATE;
  ELSE
    SELECT * INTO c FROM ledger_accounts WHERE id = p_credit FOR UPDATE;
    SELECT * INTO d FROM ledger_accounts WHERE id = p_debit FOR UPDATE;
  END IF;
  IF d.id IS NULL OR c.id IS NULL OR d.asset <> c.asset THEN
    RETURN false;
  END IF;

  -- The 64-bit sums and the overdraft guard, in numeric so no check can overflow.
  IF p_pending THEN
    IF d.debits_pending::numeric + p_amount > max_sum OR c.credits_pending::numeric + p_amount > max_sum THEN
      RETURN false;
    END IF;
  ELSIF d.debits_posted::numeric + p_amount > max_sum OR c.credits_posted::numeric + p_amount > max_sum THEN
    RETURN false;
  END IF;
  IF d.debits_must_not_exceed_credits AND d.debits_pending::numeric + d.debits_posted + p_amount > d.credits_posted THEN
    RETURN false;
  END IF;

  -- A known id (a replay, or a racing writer of the same id) is skipped: nothing written, false answered.
  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, pending)
  VALUES (p_id, p_debit, p_credit, p_amount, d.asset, p_code, p_ref, p_pending)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN false;
  END IF;

  IF p_pending THEN
    UPDATE ledger_accounts SET debits_pending = debits_pending + p_amount WHERE id = p_debit;
    UPDATE ledger_accounts SET credits_pending = credits_pending + p_amount WHERE id = p_credit;
  ELSE
    UPDATE ledger_accounts SET debits_posted = debits_posted + p_amount WHERE id = p_debit;
    UPDATE ledger_accounts SET credits_posted = credits_posted + p_amount WHERE id = p_credit;
  END IF;
  RETURN true;
END;
$$;

