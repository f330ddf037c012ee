-- The ledger's commonest calls: ONE new transfer (posted or a reservation), without the set-based
-- machinery of ledger_write_batch (0039): that function works the legs out again in each of its five
-- statements, which for one item cost eight times a plain insert. Here: lock the two accounts in
-- ascending id order (as every other writer does, so no deadlock), check on the locked rows everything
-- that could refuse the transfer, then insert it and add it to the two accounts. Anything it cannot
-- promise answers false having written nothing (createTransfers' careful path then names the code),
-- and no statement here can raise on a declined item, so the caller's transaction stays usable.
CREATE FUNCTION ledger_write_one(p_id text, p_pending boolean, p_debit bigint, p_credit bigint, p_amount bigint,
                                 p_code text, p_ref text)
RETURNS boolean LANGUAGE plpgsql AS $$
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

-- The other lone item: posting (whole or part) or voiding ONE reservation, named by p_pending_id; an
-- omitted amount, code or ref is the reservation's. The reservation's row is immutable, so it is read
-- without a lock; two resolvers of it meet at ledger_transfers_resolves_once, where the later insert is
-- skipped and answers false (the careful path then answers pending_already_resolved).
CREATE FUNCTION ledger_resolve_one(p_id text, p_pending_id text, p_post boolean, p_amount bigint, p_code text, p_ref text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  max_sum CONSTANT numeric := 9223372036854775807;
  p ledger_transfers%ROWTYPE;
  d ledger_accounts%ROWTYPE;
  c ledger_accounts%ROWTYPE;
  moved bigint;
  written int;
BEGIN
  IF p_id IS NULL OR length(p_id) NOT BETWEEN 1 AND 128
     OR (p_ref IS NOT NULL AND length(p_ref) NOT BETWEEN 1 AND 128)
     OR (p_code IS NOT NULL AND p_code NOT IN ('deposit', 'withdrawal', 'conversion', 'fee', 'payment', 'settlement', 'correction', 'capital')) THEN
    RETURN false;
  END IF;
  SELECT * INTO p FROM ledger_transfers WHERE id = p_pending_id;
  IF p.seq IS NULL OR NOT p.pending THEN
    RETURN false;
  END IF;
  moved := coalesce(p_amount, p.amount);
  -- A post takes up to the reservation (the rest is released); a void releases exactly all of it.
  IF moved <= 0 OR (p_post AND moved > p.amount) OR (NOT p_post AND moved <> p.amount) THEN
    RETURN false;
  END IF;

  IF p.debit_account_id < p.credit_account_id THEN
    SELECT * INTO d FROM ledger_accounts WHERE id = p.debit_account_id FOR UPDATE;
    SELECT * INTO c FROM ledger_accounts WHERE id = p.credit_account_id FOR UPDATE;
  ELSE
    SELECT * INTO c FROM ledger_accounts WHERE id = p.credit_account_id FOR UPDATE;
    SELECT * INTO d FROM ledger_accounts WHERE id = p.debit_account_id FOR UPDATE;
  END IF;
  -- The reservation is still held on both accounts (always, unless someone wrote around the ledger), and
  -- a post cannot take a posted sum past 64 bits. Releasing a reservation never overdraws an account.
  IF d.debits_pending < p.amount OR c.credits_pending < p.amount THEN
    RETURN false;
  END IF;
  IF p_post AND (d.debits_posted::numeric + moved > max_sum OR c.credits_posted::numeric + moved > max_sum) THEN
    RETURN false;
  END IF;

  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, post_pending, void_pending, pending_id)
  VALUES (p_id, p.debit_account_id, p.credit_account_id, moved, p.asset, coalesce(p_code, p.code), coalesce(p_ref, p.ref),
          p_post, NOT p_post, p_pending_id)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN
    RETURN false;
  END IF;

  UPDATE ledger_accounts SET debits_pending = debits_pending - p.amount,
                             debits_posted = debits_posted + CASE WHEN p_post THEN moved ELSE 0 END
  WHERE id = p.debit_account_id;
  UPDATE ledger_accounts SET credits_pending = credits_pending - p.amount,
                             credits_posted = credits_posted + CASE WHEN p_post THEN moved ELSE 0 END
  WHERE id = p.credit_account_id;
  RETURN true;
END;
$$;

-- Plans that stay good whatever the planner believes about the tables. ledger_write_batch's statements take
-- the batch as arrays, and PostgreSQL's plan cache either planned every statement again on every call
-- (custom plans: three times the cost of the work itself; measured on PGlite, a linked batch of three took
-- 3.1 ms, 0.95 ms with one generic plan) or kept a generic plan made while the tables were small. PGlite
-- has no autovacuum, so nothing ever refreshes its statistics or invalidates such a plan: a batch of three
-- planned on the seed's nearly empty tables took 87 ms once ledger_transfers held 200,000 rows. So: one
-- generic plan per connection, and no sequential scan, hash or merge join in it; every statement of these
-- functions finds its rows by a unique index (an account by its id, a transfer by its id), which is the
-- right plan at any size.
ALTER FUNCTION ledger_write_batch(text[], int[], bigint[], bigint[], bigint[], text[], text[], text[])
  SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
ALTER FUNCTION ledger_write_one(text, boolean, bigint, bigint, bigint, text, text)
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
ALTER FUNCTION ledger_resolve_one(text, text, boolean, bigint, text, text)
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
