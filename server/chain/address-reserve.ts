// Receiving addresses derived ahead of time, so creating a payment neither waits for a derivation index
// (a database round trip) nor derives on its own clock. Per database and chain family, a small queue of
// (index, address) pairs: indexes are taken from the family's sequence a batch at a time (one round trip for
// BATCH of them) and derived in the background whenever the queue falls to LOW_WATER.
//
// Why an address is still never handed out twice: every index comes from the database sequence, which
// never gives a number twice, to any process; a queued pair is handed to one caller only (shift() on a
// queue no other code holds); and chain_addresses' UNIQUE (family, network, derivation_index) and
// UNIQUE (asset, address) refuse a duplicate anyway. What a restart costs: the indexes still queued are
// skipped, never reused, like the index of a rolled-back allocation today (at most BATCH per family).
// The queue is in memory rather than in a table because the sequence already makes claiming atomic across
// processes; a table would add a write per payment to save nothing.

import { sql, type Kysely } from 'kysely';
import type { ChainFamily, NetworkKind } from '#core/chain/networks.ts';
import type { Database } from '../db/schema.ts';
import { chainKeys, type ReservedAddress } from './addresses.ts';
import { deriveAddress, MAX_ADDRESS_INDEX, type ChainKeys } from './hd-keys.ts';

/**
 * Indexes taken from the sequence per round trip. Kept under BIP44's usual gap limit of 20: a restart skips at
 * most this many unused addresses in a row, so a wallet restoring from the xpub still scans past them.
 */
export const RESERVE_BATCH = 16;
/** Below this many queued addresses a background refill starts. */
export const RESERVE_LOW_WATER = 6;

class FamilyQueue {
  readonly queue: ReservedAddress[] = [];
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
        // Not awaited: this caller has its address; a failed refill is retried by the next caller that needs one.
        if (entry.queue.length < RESERVE_LOW_WATER) void this.refill(family).catch(() => {});
        return next;
      }
      await this.refill(family);
    }
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
    const { rows } = await sql<{ index: bigint }>`SELECT nextval(${`chain_index_${family}`}::regclass) AS index FROM generate_series(1, ${RESERVE_BATCH}::int)`.execute(this.#db);
    for (const [n, row] of rows.entries()) {
      // Derivations are elliptic-curve work on the event loop: let requests through between a few of them.
      if (n > 0 && n % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
      const index = Number(row.index);
      // 2^31 addresses per family; running out needs a new account key, which is an operator's decision.
      if (index > MAX_ADDRESS_INDEX) throw new Error(`address reserve: the ${family} account has used all ${MAX_ADDRESS_INDEX + 1} indexes`);
      const reserved = { family, network: keys.network, index, address: deriveAddress(keys, family, index) };
      // Keys replaced while this batch was derived: the batch belongs to nobody now.
      if (entry.keys !== keys) return;
      entry.queue.push(reserved);
    }
  }
}

const reserves = new WeakMap<Kysely<Database>, AddressReserve>();

/** The reserve of this database handle (the app's root Kysely: one per database in a process). */
export function addressReserve(db: Kysely<Database>): AddressReserve {
  let reserve = reserves.get(db);
  if (!reserve) reserves.set(db, (reserve = new AddressReserve(db)));
  return reserve;
}
