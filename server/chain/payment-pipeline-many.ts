// The payment pipeline's set-based path, for observeAll: a block's worth of observations of purposes
// that have set-based handlers (PurposeHandlers.many) in a few statements whatever the block's size:
//   one read of the addresses, one locked read of the rows already known, one multi-row insert of
//   the new ones, one update of those simply deeper, one update of the handlers' refs, and the
//   handlers' own set-based work.
// It takes only the two transitions a catch-up is made of: a payment seen for the first time, and
// an open payment whose confirmations went up. Anything else (a count going down, a dropped payment
// coming back, a final one, a second report of the same payment in the batch, a purpose without set-based
// handlers) is left undefined here and applied one by one by the pipeline afterwards, with the very
// same rules as payment-pipeline.ts. Runs inside the pipeline's transaction: all or nothing.

import { sql, type Transaction } from 'kysely';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import type { Database } from '../db/schema.ts';
import type { AddressPurpose, ChainAddressRow, ChainPaymentRow } from '../db/tables/chain.ts';
import { blockOf, eventOf, type ChainObservation, type ChainPaymentEvent, type ObserveOutcome, type PurposeBatchHandlers, type PurposeHandlers } from './chain-payment-types.ts';

interface Candidate {
  index: number;
  observation: ChainObservation;
  address: ChainAddressRow;
  many: PurposeBatchHandlers;
}

/** What changed for one candidate, with the row as stored now. */
interface Change {
  candidate: Candidate;
  row: ChainPaymentRow;
  fresh: boolean;
}

const addressKey = (asset: string, address: string) => `${asset}\u0000${address}`;
const paymentKey = (asset: string, txid: string, address: string) => `${asset}\u0000${txid}\u0000${address}`;

/** Outcomes by the observations' index; undefined where the single path must decide. */
export async function applyMany(
  trx: Transaction<Database>,
  handlers: ReadonlyMap<AddressPurpose, PurposeHandlers>,
  observations: readonly ChainObservation[],
): Promise<(ObserveOutcome | undefined)[]> {
  const outcomes: (ObserveOutcome | undefined)[] = observations.map(() => undefined);
  if (![...handlers.values()].some((h) => h.many !== undefined)) return outcomes;

  const addresses = await addressesOf(trx, observations);
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const [index, observation] of observations.entries()) {
    const address = addresses.get(addressKey(observation.asset, observation.address));
    if (!address) {
      outcomes[index] = 'ignored';
      continue;
    }
    const purpose = handlers.get(address.purpose);
    if (!purpose) {
      outcomes[index] = 'unhandled';
      continue;
    }
    const key = paymentKey(observation.asset, observation.txid, observation.address);
    // A second report of the same payment in one batch waits for the first: the single path sees its row.
    if (!purpose.many || seen.has(key)) continue;
    seen.add(key);
    candidates.push({ index, observation, address, many: purpose.many });
  }
  if (candidates.length === 0) return outcomes;

  const known = await lockedRows(trx, candidates);
  const fresh: Candidate[] = [];
  const deeper: { candidate: Candidate; row: ChainPaymentRow }[] = [];
  for (const candidate of candidates) {
    const { observation } = candidate;
    const row = known.get(paymentKey(observation.asset, observation.txid, observation.address));
    if (!row) fresh.push(candidate);
    else if (row.status === 'detected' && row.amount_minor === observation.amountMinor && observation.confirmations > row.confirmations) deeper.push({ candidate, row });
  }

  const changes: Change[] = [];
  const inserted = await insertFresh(trx, fresh);
  for (const candidate of fresh) {
    const { observation } = candidate;
    const row = inserted.get(paymentKey(observation.asset, observation.txid, observation.address));
    // Not inserted: another worker holds the row (SKIP LOCKED hid it, the conflict shows it): theirs.
    if (row) changes.push({ candidate, row, fresh: true });
    else outcomes[candidate.index] = 'busy';
  }
  for (const row of await deepen(trx, deeper)) changes.push(row);
  await runHandlers(trx, changes, outcomes);
  return outcomes;
}

async function addressesOf(trx: Transaction<Database>, observations: readonly ChainObservation[]): Promise<Map<string, ChainAddressRow>> {
  const pairs = new Map(observations.map((o) => [addressKey(o.asset, o.address), o] as const));
  const rows = await trx
    .selectFrom('chain_addresses')
    .selectAll()
    .where((eb) => eb(eb.refTuple('asset', 'address'), 'in', [...pairs.values()].map((o) => eb.tuple(o.asset, o.address))))
    .execute();
  return new Map(rows.map((row) => [addressKey(row.asset, row.address), row]));
}

/**
 * The candidates' rows that exist, locked; a row another worker holds is skipped (see insertFresh). Read by
 * their transactions (the unique key's (asset, txid) prefix: a list of row values plans far worse), so a
 * payment of the same transaction to another of our addresses is locked too: it is ours as well.
 */
async function lockedRows(trx: Transaction<Database>, candidates: readonly Candidate[]): Promise<Map<string, ChainPaymentRow>> {
  const assets = [...new Set(candidates.map(({ observation }) => observation.asset))];
  const txids = [...new Set(candidates.map(({ observation }) => observation.txid))];
  const rows = await trx.selectFrom('chain_payments').selectAll().where('asset', 'in', assets).where('txid', 'in', txids).forUpdate().skipLocked().execute();
  return new Map(rows.map((row) => [paymentKey(row.asset, row.txid, row.address), row]));
}

async function insertFresh(trx: Transaction<Database>, fresh: readonly Candidate[]): Promise<Map<string, ChainPaymentRow>> {
  if (fresh.length === 0) return new Map();
  // In one order for every worker: two inserting the same payments wait for each other instead of deadlocking.
  const ordered = [...fresh].sort((a, b) => (paymentKey(a.observation.asset, a.observation.txid, a.observation.address) < paymentKey(b.observation.asset, b.observation.txid, b.observation.address) ? -1 : 1));
  const rows = await trx
    .insertInto('chain_payments')
    .values(
      ordered.map(({ observation, address, many }) => {
        const required = requiredConfirmations(observation.asset);
        return {
          handler_ref: many.newRef?.() ?? null,
          address_id: address.id,
          asset: observation.asset,
          address: observation.address,
          txid: observation.txid,
          amount_minor: observation.amountMinor,
          confirmations: observation.confirmations,
          required_confirmations: required,
          status: observation.confirmations >= required ? ('confirmed' as const) : ('detected' as const),
          ...blockOf(observation),
        };
      }),
    )
    .onConflict((oc) => oc.columns(['asset', 'txid', 'address']).doNothing())
    .returningAll()
    .execute();
  return new Map(rows.map((row) => [paymentKey(row.asset, row.txid, row.address), row]));
}

/** Open rows whose confirmations went up, in one statement; an observation without block news keeps the row's block. */
async function deepen(trx: Transaction<Database>, deeper: readonly { candidate: Candidate; row: ChainPaymentRow }[]): Promise<Change[]> {
  if (deeper.length === 0) return [];
  const values = sql.join(
    deeper.map(({ candidate: { observation }, row }) => {
      const block = observation.block === undefined ? { block_height: row.block_height, block_hash: row.block_hash } : blockOf(observation);
      const status = observation.confirmations >= row.required_confirmations ? 'confirmed' : 'detected';
      return sql`(${row.id}::bigint, ${observation.confirmations}::int, ${status}::text, ${block.block_height}::bigint, ${block.block_hash}::text)`;
    }),
  );
  const { rows } = await sql<ChainPaymentRow>`UPDATE chain_payments AS c SET
      confirmations = v.confirmations, status = v.status, block_height = v.block_height, block_hash = v.block_hash, updated_at = now()
    FROM (VALUES ${values}) AS v (id, confirmations, status, block_height, block_hash)
    WHERE c.id = v.id
    RETURNING c.*`.execute(trx);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return deeper.map(({ candidate, row }) => {
    const updated = byId.get(row.id);
    if (!updated) throw new Error(`chain: payment ${row.id} was locked but not updated`);
    return { candidate, row: updated, fresh: false };
  });
}

/**
 * Per purpose: detected for the new ones (their refs stored in one statement), then confirmed for
 * every change that reached its confirmations and confirmations for the rest that have any, the
 * same calls the single path makes, grouped; new ones already final go to detectedFinal where the
 * purpose has it.
 */
async function runHandlers(trx: Transaction<Database>, changes: readonly Change[], outcomes: (ObserveOutcome | undefined)[]): Promise<void> {
  const byPurpose = new Map<PurposeBatchHandlers, { change: Change; event: ChainPaymentEvent }[]>();
  for (const change of changes) {
    const group = byPurpose.get(change.candidate.many) ?? [];
    group.push({ change, event: eventOf(change.candidate.address, change.row) });
    byPurpose.set(change.candidate.many, group);
  }
  for (const [many, group] of byPurpose) {
    const fresh = group.filter(({ change }) => change.fresh);
    const final = new Set(many.detectedFinal ? fresh.filter(({ change }) => change.row.status === 'confirmed') : []);
    const detected = fresh.filter((entry) => !final.has(entry));
    if (final.size > 0) await detect(trx, [...final], (events) => many.detectedFinal!(trx, events));
    if (detected.length > 0) await detect(trx, detected, (events) => many.detected(trx, events));
    const confirmed = group.filter((entry) => entry.change.row.status === 'confirmed' && !final.has(entry));
    const deeperOnly = group.filter(({ change }) => change.row.status !== 'confirmed' && change.row.confirmations > 0);
    if (confirmed.length > 0) await many.confirmed(trx, confirmed.map(({ event }) => event));
    if (deeperOnly.length > 0) await many.confirmations(trx, deeperOnly.map(({ event }) => event));
    for (const { change } of group) {
      outcomes[change.candidate.index] = change.row.status === 'confirmed' ? 'confirmed' : change.fresh ? 'detected' : 'updated';
    }
  }
}

/** Runs a detection handler over the entries and keeps the refs it answers, on the events and in chain_payments. */
async function detect(
  trx: Transaction<Database>,
  entries: readonly { change: Change; event: ChainPaymentEvent }[],
  handler: (events: readonly ChainPaymentEvent[]) => Promise<(string | null)[]>,
): Promise<void> {
  const refs = await handler(entries.map(({ event }) => event));
  if (refs.length !== entries.length) throw new Error(`chain: a set-based detection handler answered ${refs.length} refs for ${entries.length} payments`);
  const kept: { id: bigint; ref: string }[] = [];
  for (const [i, ref] of refs.entries()) {
    // Null, or the ref newRef made and the insert already stored.
    if (ref === null || ref === entries[i]!.change.row.handler_ref) continue;
    entries[i]!.event.ref = ref;
    kept.push({ id: entries[i]!.change.row.id, ref });
  }
  await storeRefs(trx, kept);
}

async function storeRefs(trx: Transaction<Database>, kept: readonly { id: bigint; ref: string }[]): Promise<void> {
  if (kept.length === 0) return;
  const values = sql.join(kept.map(({ id, ref }) => sql`(${id}::bigint, ${ref}::text)`));
  await sql`UPDATE chain_payments AS c SET handler_ref = v.ref FROM (VALUES ${values}) AS v (id, ref) WHERE c.id = v.id`.execute(trx);
}
