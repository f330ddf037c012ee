// checkLedger: recomputes the books from the transfers and compares them with what the accounts
// say. Used after every concurrent test workload, after the crash test, and by the operator command
// (npm run ledger:check) and the console's Ledger tab. It only reads, inside one REPEATABLE READ
// snapshot so a check running beside live traffic sees one consistent moment instead of reporting
// half-written batches. `providerId` limits every rule to that provider's accounts and the transfers
// out of them (a transfer never crosses providers: its accounts are one provider's), which is what an
// operator of that provider may see; without it the whole database is checked.

import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from './types.ts';

export interface LedgerCheck {
  ok: boolean;
  violations: string[];
  /** How much was checked, for the operator's "ledger check: ok (N accounts, M transfers)". */
  accounts: number;
  transfers: number;
  /** Per asset, the sums of every checked account: posted and pending debits equal credits when the books balance. */
  assets: AssetTotals[];
}

export interface AssetTotals {
  asset: string;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

/** At most this many violations of each kind are listed; one is enough to stop and look. */
const LIMIT_PER_RULE = 50;

export async function checkLedger(db: Db, options: { providerId?: bigint } = {}): Promise<LedgerCheck> {
  if (db.isTransaction) return checkIn(db as Transaction<Database>, options.providerId);
  return (db as Kysely<Database>).transaction().setIsolationLevel('repeatable read').execute((trx) => checkIn(trx, options.providerId));
}

async function checkIn(trx: Transaction<Database>, providerId: bigint | undefined): Promise<LedgerCheck> {
  /** The scope as a condition on an alias of ledger_accounts (TRUE: every provider). */
  const mine = (alias: string) => (providerId === undefined ? sql`TRUE` : sql`${sql.ref(`${alias}.provider_id`)} = ${providerId}`);
  const violations: string[] = [];
  const add = (lines: string[]) => violations.push(...lines);

  // 1. Double entry: per asset, everything debited was credited, posted and pending alike ("sums to zero").
  const unbalanced = await rows<{ asset: string; dpo: string; cpo: string; dp: string; cp: string }>(trx, sql`
    SELECT asset, sum(debits_posted)::text AS dpo, sum(credits_posted)::text AS cpo,
           sum(debits_pending)::text AS dp, sum(credits_pending)::text AS cp
    FROM ledger_accounts a WHERE ${mine('a')} GROUP BY asset
    HAVING sum(debits_posted) <> sum(credits_posted) OR sum(debits_pending) <> sum(credits_pending)
    ORDER BY asset LIMIT ${LIMIT_PER_RULE}`);
  add(unbalanced.map((r) => `asset ${r.asset} does not balance: posted debits ${r.dpo} vs credits ${r.cpo}, pending debits ${r.dp} vs credits ${r.cp}`));

  // 2. Every account's cached sums equal the sums recomputed from its transfers. A pending transfer
  // counts as pending until resolved; a post counts as posted; a void only releases.
  const drifted = await rows<{ id: string; kind: string; asset: string; cached: string; recomputed: string }>(trx, sql`
    WITH resolved AS (SELECT DISTINCT pending_id FROM ledger_transfers WHERE pending_id IS NOT NULL),
    effect AS (
      SELECT t.id, t.debit_account_id, t.credit_account_id,
             CASE WHEN t.pending AND r.pending_id IS NULL THEN t.amount ELSE 0 END AS pending_amount,
             CASE WHEN NOT t.pending AND NOT t.void_pending THEN t.amount ELSE 0 END AS posted_amount
      FROM ledger_transfers t LEFT JOIN resolved r ON r.pending_id = t.id
    ),
    legs AS (
      SELECT debit_account_id AS account_id, pending_amount AS dp, posted_amount AS dpo, 0::bigint AS cp, 0::bigint AS cpo FROM effect
      UNION ALL
      SELECT credit_account_id, 0::bigint, 0::bigint, pending_amount, posted_amount FROM effect
    ),
    sums AS (
      SELECT account_id, sum(dp) AS dp, sum(dpo) AS dpo, sum(cp) AS cp, sum(cpo) AS cpo FROM legs GROUP BY account_id
    )
    SELECT a.id::text AS id, a.kind, a.asset,
           concat_ws(' ', a.debits_pending, a.debits_posted, a.credits_pending, a.credits_posted) AS cached,
           concat_ws(' ', coalesce(s.dp, 0), coalesce(s.dpo, 0), coalesce(s.cp, 0), coalesce(s.cpo, 0)) AS recomputed
    FROM ledger_accounts a LEFT JOIN sums s ON s.account_id = a.id
    WHERE ${mine('a')} AND (a.debits_pending <> coalesce(s.dp, 0) OR a.debits_posted <> coalesce(s.dpo, 0)
       OR a.credits_pending <> coalesce(s.cp, 0) OR a.credits_posted <> coalesce(s.cpo, 0))
    ORDER BY a.id LIMIT ${LIMIT_PER_RULE}`);
  add(drifted.map((r) => `account ${r.id} (${r.kind} ${r.asset}) holds debits pending/posted, credits pending/posted ${r.cached} but its transfers add up to ${r.recomputed}`));

  // 3. No account other than the outside world owes more than it holds.
  const overdrawn = await rows<{ id: string; kind: string; asset: string; debits: string; credits: string }>(trx, sql`
    SELECT id::text AS id, kind, asset, (debits_pending::numeric + debits_posted)::text AS debits, credits_posted::text AS credits
    FROM ledger_accounts a
    WHERE ${mine('a')} AND ((kind <> 'world' AND NOT debits_must_not_exceed_credits)
       OR (kind <> 'world' AND debits_pending::numeric + debits_posted > credits_posted))
    ORDER BY id LIMIT ${LIMIT_PER_RULE}`);
  add(overdrawn.map((r) => `account ${r.id} (${r.kind} ${r.asset}) is below zero or unguarded: debits ${r.debits} > credits posted ${r.credits}`));

  // 4. A reservation is posted or voided at most once.
  const twice = await rows<{ pending_id: string; times: string }>(trx, sql`
    SELECT t.pending_id, count(*)::text AS times FROM ledger_transfers t LEFT JOIN ledger_accounts a ON a.id = t.debit_account_id
    WHERE t.pending_id IS NOT NULL AND ${mine('a')}
    GROUP BY t.pending_id HAVING count(*) > 1 ORDER BY t.pending_id LIMIT ${LIMIT_PER_RULE}`);
  add(twice.map((r) => `pending transfer ${r.pending_id} was resolved ${r.times} times`));

  // 5. Every post or void resolves a pending transfer between the same accounts, within its amount.
  const strays = await rows<{ id: string; pending_id: string; problem: string }>(trx, sql`
    SELECT r.id, r.pending_id,
      CASE WHEN p.id IS NULL THEN 'refers to no transfer'
           WHEN NOT p.pending THEN 'refers to a transfer that is not pending'
           WHEN p.debit_account_id <> r.debit_account_id OR p.credit_account_id <> r.credit_account_id OR p.asset <> r.asset
             THEN 'moves between other accounts than its pending transfer'
           WHEN r.post_pending AND r.amount > p.amount THEN 'posts more than was reserved'
           ELSE 'voids another amount than was reserved' END AS problem
    FROM ledger_transfers r LEFT JOIN ledger_transfers p ON p.id = r.pending_id LEFT JOIN ledger_accounts a ON a.id = r.debit_account_id
    WHERE r.pending_id IS NOT NULL AND ${mine('a')} AND (p.id IS NULL OR NOT p.pending
      OR p.debit_account_id <> r.debit_account_id OR p.credit_account_id <> r.credit_account_id OR p.asset <> r.asset
      OR (r.post_pending AND r.amount > p.amount) OR (r.void_pending AND r.amount <> p.amount))
    ORDER BY r.seq LIMIT ${LIMIT_PER_RULE}`);
  add(strays.map((r) => `transfer ${r.id} ${r.problem} (${r.pending_id})`));

  // 6. A transfer moves one asset: both accounts hold the asset it names.
  const mixed = await rows<{ id: string }>(trx, sql`
    SELECT t.id FROM ledger_transfers t
    JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
    WHERE (${mine('d')} OR ${mine('c')}) AND (d.asset <> t.asset OR c.asset <> t.asset OR t.debit_account_id = t.credit_account_id)
    ORDER BY t.seq LIMIT ${LIMIT_PER_RULE}`);
  add(mixed.map((r) => `transfer ${r.id} mixes assets or debits and credits one account`));

  const counts = await rows<{ accounts: string; transfers: string }>(trx, sql`
    SELECT (SELECT count(*) FROM ledger_accounts a WHERE ${mine('a')})::text AS accounts,
           (SELECT count(*) FROM ledger_transfers t LEFT JOIN ledger_accounts a ON a.id = t.debit_account_id WHERE ${mine('a')})::text AS transfers`);
  const first = counts[0] ?? { accounts: '0', transfers: '0' };
  const totals = await rows<{ asset: string; dpo: string; cpo: string; dp: string; cp: string }>(trx, sql`
    SELECT asset, sum(debits_posted)::text AS dpo, sum(credits_posted)::text AS cpo, sum(debits_pending)::text AS dp, sum(credits_pending)::text AS cp
    FROM ledger_accounts a WHERE ${mine('a')} GROUP BY asset ORDER BY asset`);
  const assets = totals.map((r) => ({ asset: r.asset, debitsPosted: BigInt(r.dpo), creditsPosted: BigInt(r.cpo), debitsPending: BigInt(r.dp), creditsPending: BigInt(r.cp) }));
  return { ok: violations.length === 0, violations, accounts: Number(first.accounts), transfers: Number(first.transfers), assets };
}

async function rows<Row>(trx: Transaction<Database>, query: RawBuilder<unknown>): Promise<Row[]> {
  return (await query.execute(trx)).rows as Row[];
}
