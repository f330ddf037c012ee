// Observations the pipeline could not apply (a handler threw, or the address's purpose has no handler
// yet): the pipeline promises they are tried again on the next report, but a watcher reports a mempool
// transaction once and a block once. These are kept here and reported again each round, with the
// confirmations of the moment, until the pipeline takes them. Bounded: a handler that fails forever
// must not grow the watcher without end (the oldest are let go, and logged by the caller).

import type { ChainObservation, ObserveOutcome } from '../payment-pipeline.ts';

export const MAX_RETRIES = 10_000;

/** Outcomes after which the same report must be made again. */
export function needsRetry(counts: Record<ObserveOutcome, number>): boolean {
  return counts.failed > 0 || counts.unhandled > 0;
}

export class RetryReports {
  private readonly pending = new Map<string, ChainObservation>();

  /** Keep a batch of which some failed (the pipeline does not say which: the others answer 'unchanged' next time). Answers how many older ones were let go. */
  add(observations: readonly ChainObservation[]): number {
    for (const observation of observations) this.pending.set(`${observation.txid}:${observation.address}`, observation);
    let dropped = 0;
    for (const key of this.pending.keys()) {
      if (this.pending.size <= MAX_RETRIES) break;
      this.pending.delete(key);
      dropped += 1;
    }
    return dropped;
  }

  list(): ChainObservation[] {
    return [...this.pending.values()];
  }

  done(observation: ChainObservation): void {
    this.pending.delete(`${observation.txid}:${observation.address}`);
  }

  get size(): number {
    return this.pending.size;
  }
}
