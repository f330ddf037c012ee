// Group commit: the writes of many concurrent callers go to the database together, as one statement, the
// way a database's own group commit shares one log flush among the transactions that wait for it
// (TigerBeetle batches every request the same way). A statement has a fixed cost (the round trip, the
// parse and plan, the executor's start, the commit) besides the work of its rows; on PGlite, one
// connection inside the process, that fixed cost is most of a small write's time.
//
// Nothing waits for a batch to fill. A call finds the writer idle and its batch leaves at the next turn of
// the event loop (setImmediate), with whatever else arrived in that turn; while batches are in flight
// (at most maxInFlight), arrivals queue and leave together when one returns. An idle writer adds no
// latency; a loaded one writes more rows per statement, so a burst makes each row cheaper, not dearer.
// `write` answers one outcome per item, in order, so one item's refusal is its own and not its batch's.

export type BatchOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  /** The most items one statement carries: a limit on every batch's size and time. */
  maxBatch: number;
  /** Batches written at once: 1 on PGlite (one connection), a few on a pool, so that batches still form. */
  maxInFlight: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export class GroupCommit<I, O> {
  readonly #write: (items: readonly I[]) => Promise<readonly BatchOutcome<O>[]>;
  readonly #options: GroupCommitOptions;
  #queue: Waiting<I, O>[] = [];
  #inFlight = 0;
  #scheduled = false;

  constructor(write: (items: readonly I[]) => Promise<readonly BatchOutcome<O>[]>, options: GroupCommitOptions) {
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1) throw new RangeError(`GroupCommit: maxBatch must be a positive integer, got ${options.maxBatch}`);
    if (!Number.isInteger(options.maxInFlight) || options.maxInFlight < 1) throw new RangeError(`GroupCommit: maxInFlight must be a positive integer, got ${options.maxInFlight}`);
    this.#write = write;
    this.#options = options;
  }

  /** Writes `item` with the batch it joins; settles with its own outcome once that batch's statement has. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#queue.length === 0 || this.#inFlight >= this.#options.maxInFlight) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    while (this.#queue.length > 0 && this.#inFlight < this.#options.maxInFlight) {
      const batch = this.#queue.splice(0, this.#options.maxBatch);
      this.#inFlight += 1;
      void this.#run(batch).finally(() => {
        this.#inFlight -= 1;
        this.#schedule();
      });
    }
  }

  async #run(batch: Waiting<I, O>[]): Promise<void> {
    let outcomes: readonly BatchOutcome<O>[];
    try {
      outcomes = await this.#write(batch.map((waiting) => waiting.item));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    if (outcomes.length !== batch.length) {
      const error = new Error(`GroupCommit: the write answered ${outcomes.length} outcomes for ${batch.length} items`);
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}
