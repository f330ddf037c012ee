-- The ledger's one-round-trip path (server/ledger/one-statement-batch.ts) as a function, so its
-- statements are planned once per connection instead of on every call (planning the one big
-- statement cost more than running it, most of all on PGlite), and each step runs with its own
-- snapshot after the locks are taken. It writes a batch only when no item can be refused, and answers
-- false having written nothing otherwise; createTransfers' careful path then names the item and code.
-- Items: kind 0 posted, 1 pending (reserve), 2 post and 3 void of the reservation pending_id (whose
-- accounts, amount, code and ref they default to).

-- The batch's legs, the pending transfer's fields filled in for a post or void, and whether the item
-- is valid as far as the reservation goes.
CREATE FUNCTION ledger_batch_legs(p_ids text[], p_kinds int[], p_debits bigint[], p_credits bigint[], p_amounts bigint[],
                                  p_codes text[], p_refs text[], p_pending_ids text[])
RETURNS TABLE (ord bigint, id text, kind int, pending_id text, debit bigint, credit bigint, amount bigint, reserved bigint,
               code text, ref text, valid boolean)
LANGUAGE sql STABLE AS $$
  SELECT i.ord, i.id, i.kind, i.pending_id,
         coalesce(i.debit, p.debit_account_id), coalesce(i.credit, p.credit_account_id),
         coalesce(i.amount, p.amount), coalesce(p.amount, 0),
         coalesce(i.code, p.code), coalesce(i.ref, p.ref),
         CASE WHEN i.kind < 2 THEN true
              WHEN p.id IS NULL OR NOT p.pending THEN false
              WHEN i.kind = 2 THEN coalesce(i.amount, p.amount) <= p.amount
              ELSE coalesce(i.amount, p.amount) = p.amount END
  FROM unnest(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids)
         WITH ORDINALITY AS i (id, kind, debit, credit, amount, code, ref, pending_id, ord)
  LEFT JOIN ledger_transfers p ON i.kind >= 2 AND p.id = i.pending_id
$$;

-- Per account: dp/dpo/cp/cpo the net changes; *_up only the increases (the highest point a sum reaches
-- during the batch, for the 64-bit checks); growth what raises debits_pending + debits_posted (a post
-- or void only lowers it), for the overdraft check. numeric, so no check can overflow.
CREATE FUNCTION ledger_batch_deltas(p_ids text[], p_kinds int[], p_debits bigint[], p_credits bigint[], p_amounts bigint[],
                                    p_codes text[], p_refs text[], p_pending_ids text[])
RETURNS TABLE (id bigint, dp numeric, dp_up numeric, dpo numeric, cp numeric, cp_up numeric, cpo numeric, growth numeric)
LANGUAGE sql STABLE AS $$
  SELECT s.id, sum(s.dp), sum(s.dp_up), sum(s.dpo), sum(s.cp), sum(s.cp_up), sum(s.cpo), sum(s.growth)
  FROM ledger_batch_legs(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids) l
  CROSS JOIN LATERAL (VALUES
    (l.debit,
     CASE l.kind WHEN 1 THEN l.amount WHEN 0 THEN 0 ELSE -l.reserved END, CASE l.kind WHEN 1 THEN l.amount ELSE 0 END,
     CASE WHEN l.kind IN (0, 2) THEN l.amount ELSE 0 END, 0::bigint, 0::bigint, 0::bigint,
     CASE WHEN l.kind < 2 THEN l.amount ELSE 0 END),
    (l.credit, 0, 0, 0,
     CASE l.kind WHEN 1 THEN l.amount WHEN 0 THEN 0 ELSE -l.reserved END, CASE l.kind WHEN 1 THEN l.amount ELSE 0 END,
     CASE WHEN l.kind IN (0, 2) THEN l.amount ELSE 0 END, 0)
  ) AS s (id, dp, dp_up, dpo, cp, cp_up, cpo, growth)
  GROUP BY s.id
$$;

CREATE FUNCTION ledger_write_batch(p_ids text[], p_kinds int[], p_debits bigint[], p_credits bigint[], p_amounts bigint[],
                                   p_codes text[], p_refs text[], p_pending_ids text[])
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  accounts bigint[];
  go boolean;
  written int;
BEGIN
  -- Lock every account the batch touches in ascending id order, as the careful path does (no deadlock
  -- between the two); the statements below then read the sums as the lockers before us committed them.
  SELECT array_agg(d.id ORDER BY d.id) INTO accounts
  FROM ledger_batch_deltas(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids) d;
  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (accounts) ORDER BY a.id FOR UPDATE;

  SELECT (SELECT count(*) FROM ledger_accounts a WHERE a.id = ANY (accounts)) = cardinality(accounts)
     AND NOT EXISTS (SELECT 1 FROM ledger_batch_legs(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids) l
                     LEFT JOIN ledger_accounts d ON d.id = l.debit LEFT JOIN ledger_accounts c ON c.id = l.credit
                     WHERE l.valid IS NOT TRUE OR d.asset IS DISTINCT FROM c.asset)
     AND NOT EXISTS (
       SELECT 1 FROM ledger_batch_deltas(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids) d
       JOIN ledger_accounts a ON a.id = d.id
       WHERE a.debits_pending + d.dp_up > 9223372036854775807
          OR a.debits_posted + d.dpo > 9223372036854775807
          OR a.credits_pending + d.cp_up > 9223372036854775807
          OR a.credits_posted + d.cpo > 9223372036854775807
          OR a.debits_pending::numeric + a.debits_posted + d.growth
             > CASE WHEN a.debits_must_not_exceed_credits THEN a.credits_posted ELSE 9223372036854775807 END)
  INTO go;
  IF go IS NOT TRUE THEN
    RETURN false;
  END IF;

  -- A known id (a replay, or a racing writer of the same id or reservation) declines the whole batch and
  -- leaves the caller's transaction usable. One item: ON CONFLICT skips it, nothing is written. Several:
  -- the block's subtransaction takes back the rows inserted before the conflicting one.
  IF cardinality(p_ids) = 1 THEN
    INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, pending, post_pending, void_pending, pending_id)
    SELECT l.id, l.debit, l.credit, l.amount, a.asset, l.code, l.ref, l.kind = 1, l.kind = 2, l.kind = 3, l.pending_id
    FROM ledger_batch_legs(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids) l
    JOIN ledger_accounts a ON a.id = l.debit
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written = 0 THEN
      RETURN false;
    END IF;
  ELSE
    BEGIN
      INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, ref, pending, post_pending, void_pending, pending_id)
      SELECT l.id, l.debit, l.credit, l.amount, a.asset, l.code, l.ref, l.kind = 1, l.kind = 2, l.kind = 3, l.pending_id
      FROM ledger_batch_legs(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids) l
      JOIN ledger_accounts a ON a.id = l.debit
      ORDER BY l.ord;
    EXCEPTION WHEN unique_violation THEN
      RETURN false;
    END;
  END IF;

  UPDATE ledger_accounts a SET
    debits_pending = a.debits_pending + d.dp,
    debits_posted = a.debits_posted + d.dpo,
    credits_pending = a.credits_pending + d.cp,
    credits_posted = a.credits_posted + d.cpo
  FROM ledger_batch_deltas(p_ids, p_kinds, p_debits, p_credits, p_amounts, p_codes, p_refs, p_pending_ids) d
  WHERE a.id = d.id;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> cardinality(accounts) THEN
    RAISE EXCEPTION 'ledger_write_batch: wrote the sums of % of % accounts', written, cardinality(accounts);
  END IF;
  RETURN true;
END;
$$;
