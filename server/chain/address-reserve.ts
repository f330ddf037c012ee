// Receiving addresses derived ahead of time, so creating a payment neither waits for a derivation index
// (a database round trip) nor derives on its own clock. Per database and chain family, a small queue of
// (index, address) pairs: indexes are taken from the family's sequence a batch at a time (one round trip for
// BATCH of them) and derived in the background, on the offload thread, whenever the queue falls to LOW_WATER.
//
// Why an address is still never handed out twice: every index comes from the database sequence, which
// never gives a number twice, to any process; a queued pair is handed to one caller only (shift() on a
// queue no other code holds; one given back was never recorded, because the statement that would have
// recorded it wrote nothing); and chain_addresses' UNIQUE (family, network, derivation_index) and
// UNIQUE (asset, address) refuse a duplicate anyway. What a restart costs: the indexes still queued are
// skipped, never reused, like the index of a rolled-back allocation today (at most BATCH per family).
// The queue is in memory rather than in a table because the sequence already makes claiming atomic across
// processes; a table would add a write per payment to save nothing.

import { sql, type Kysely } from 'kysely';
import type { ChainFamily, NetworkKind } from '#core/chain/networks.ts';
import type { Database } from '../db/schema.ts';
import { chainKeys, type ReservedAddress } from './addresses.ts';
import { MAX_ADDRESS_INDEX, type ChainKeys } from './hd-keys.ts';
import { offload } from '../offload/offload.ts';

/**
 * Indexes taken from the sequence per round trip. Kept under BIP44's usual gap limit of 20: a restart skips at
 * most this many unused addresses in a row, so a wallet restoring from the xpub still scans past them.
 */
export const RESERVE_BATCH = 16;
/** Below this many queued addresses a background refill starts. */
export const RESERVE_LOW_WATER = 6;

class FamilyQueue {
  readonly queue: ReservedAddress[] = [];
  /** Handed out from this queue and not written yet, so giveBack knows an address is ours to queue again. */
  outstanding = new WeakSet<ReservedAddress>();
  keys: ChainKeys | undefined;
  refilling: Promise<void> | null = null;
}

export class AddressReserve {
  readonly #db: Kysely<Database>;
  readonly #families = new Map<ChainFamily, FamilyQueue>();

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #family(family: ChainFamily): FamilyQueue {
    let entry = this.#families.get(family);
    if (!entry) this.#families.set(family, (entry = new FamilyQueue()));
    // Live keys replaced (useChainKeys): what was derived from the old ones is dropped, never handed out.
    const keys = chainKeys();
    if (entry.keys !== keys) {
      entry.queue.length = 0;
      entry.outstanding = new WeakSet();
      entry.keys = keys;
    }
    return entry;
  }

  /** How many derived addresses wait for `family` (tests and the bench). */
  queued(family: ChainFamily): number {
    return this.#family(family).queue.length;
  }

  /**
   * A fresh address of `family`, never handed out before. Waits for a refill only when the queue is empty.
   * Never call it inside a transaction on PGlite's single connection: the refill needs the connection.
   */
  async take(family: ChainFamily): Promise<ReservedAddress> {
    const entry = this.#family(family);
    for (;;) {
      const next = entry.queue.shift();
      if (next) {
        entry.outstanding.add(next);
        // Not awaited: this caller has its address; a failed refill is retried by the next caller that needs one.
        if (entry.queue.length < RESERVE_LOW_WATER) void this.refill(family).catch(() => {});
        return next;
      }
      await this.refill(family);
    }
  }

  /**
   * An address take() handed out whose payment was never written (its statement failed as a whole): queued
   * again, in its place, instead of leaving a gap. Only an address of this reserve and of the current keys, once.
   */
  giveBack(address: ReservedAddress): void {
    const entry = this.#family(address.family);
    if (!entry.outstanding.delete(address)) return;
    // In index order, as the queue was: addresses go out in the order a wallet scanning the xpub meets them.
    const at = entry.queue.findIndex((queued) => queued.index > address.index);
    entry.queue.splice(at === -1 ? entry.queue.length : at, 0, address);
  }

  /** One refill at a time per family; callers share the one in flight. Errors reach the callers that wait. */
  refill(family: ChainFamily): Promise<void> {
    const entry = this.#family(family);
    entry.refilling ??= this.#refill(family, entry).finally(() => {
      entry.refilling = null;
    });
    return entry.refilling;
  }

  async #refill(family: ChainFamily, entry: FamilyQueue): Promise<void> {
    const keys = entry.keys ?? chainKeys();
    const account = keys.accounts[family];
    if (!account) throw new Error(`address reserve: the ${family} chain is off in this process (no account key)`);
    const { rows } = await sql<{ index: bigint }>`SELECT nextval(${`chain_index_${family}`}::regclass) AS index FROM generate_series(1, ${RESERVE_BATCH}::int)`.execute(this.#db);
    const indexes = rows.map((row) => Number(row.index));
    // 2^31 addresses per family; running out needs a new account key, which is an operator's decision.
    if (indexes.some((index) => index > MAX_ADDRESS_INDEX)) throw new Error(`address reserve: the ${family} account has used all ${MAX_ADDRESS_INDEX + 1} indexes`);
    // Elliptic-curve work, done on the offload thread rather than the event loop that answers requests.
    const addresses = await offload({ kind: 'derive', xpub: account.publicExtendedKey, family, network: keys.network, indexes });
    // Keys replaced while this batch was derived: the batch belongs to nobody now.
    if (entry.keys !== keys) return;
    for (const [n, index] of indexes.entries()) entry.queue.push({ family, network: keys.network, index, address: addresses[n]! });
  }
}

const reserves = new WeakMap<Kysely<Database>, AddressReserve>();

/** The reserve of this database handle (the app's root Kysely: one per database in a process). */
export function addressReserve(db: Kysely<Database>): AddressReserve {
  let reserve = reserves.get(db);
  if (!reserve) reserves.set(db, (reserve = new AddressReserve(db)));
  return reserve;
}
