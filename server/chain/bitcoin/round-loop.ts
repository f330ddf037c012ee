// The timing around a watcher's rounds, apart from what a round does: rounds on a timer that never
// overlap (a slow round delays the next, it is not run twice at once), tick() for tests and the bench,
// notify() for a push source to start the next round at once, and the health the status shows. A round
// that fails backs off 1 s, doubling to 30 s, and the streak is logged once, not once per retry: a node
// away for an hour must not flood the log.

import type { FastifyBaseLogger } from 'fastify';
import type { WatcherRound } from '../chain-watcher.ts';

export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

export interface RoundHealth {
  reachable: boolean;
  lastRoundAt: string | null;
  lastError: { message: string; at: string } | null;
  retryInMs: number | null;
}

export interface RoundLoopOptions {
  pollMs: number;
  log: FastifyBaseLogger;
  /** Fields every log line of this loop carries (family, node URL masked). */
  context: Record<string, unknown>;
  /** For a failure: is it the node's (null: our own, a bug or the database), and did the node answer at all? */
  nodeFailure(error: unknown): { reachable: boolean } | null;
}

export class RoundLoop {
  private running: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private notified = false;
  /** A stop() then start() during a round must not leave the old timer chain running beside the new one. */
  private generation = 0;
  private readonly state: RoundHealth = { reachable: false, lastRoundAt: null, lastError: null, retryInMs: null };

  constructor(
    private readonly runRound: (round: WatcherRound) => Promise<void>,
    private readonly options: RoundLoopOptions,
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.generation += 1;
    this.schedule(0);
  }

  /** Stop the timer and wait for the round in progress. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }

  /** Something happened (a push source says so): the next round now, unless backing off. */
  notify(): void {
    if (!this.started || this.state.retryInMs !== null) return;
    // A round in progress: the next one starts as soon as it ends (one timer chain, never two).
    if (this.timer === null) {
      this.notified = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** One round now, after the one in progress. Never throws: a failure is in health() and the answer shows what got done. */
  tick(): Promise<WatcherRound> {
    const next = this.running.catch(() => undefined).then(() => this.guarded());
    this.running = next;
    return next;
  }

  health(): RoundHealth {
    return { ...this.state };
  }

  private schedule(delayMs: number): void {
    const generation = this.generation;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick().then(() => {
        if (!this.started || generation !== this.generation) return;
        const notified = this.notified && this.state.retryInMs === null;
        this.notified = false;
        this.schedule(notified ? 0 : (this.state.retryInMs ?? this.options.pollMs));
      });
    }, delayMs);
  }

  private async guarded(): Promise<WatcherRound> {
    const round: WatcherRound = { blocks: 0, observed: 0, withdrawn: 0, rolledBack: 0 };
    try {
      await this.runRound(round);
      if (this.state.retryInMs !== null) this.options.log.info(this.options.context, 'chain: the watcher works again');
      this.state.reachable = true;
      this.state.retryInMs = null;
      this.state.lastRoundAt = new Date().toISOString();
    } catch (error) {
      this.failed(error);
    }
    return round;
  }

  private failed(error: unknown): void {
    const node = this.options.nodeFailure(error);
    if (node) this.state.reachable = node.reachable;
    const message = error instanceof Error ? error.message : String(error);
    const firstOfStreak = this.state.retryInMs === null;
    this.state.retryInMs = firstOfStreak ? BACKOFF_FIRST_MS : Math.min(BACKOFF_MAX_MS, this.state.retryInMs! * 2);
    this.state.lastError = { message, at: new Date().toISOString() };
    if (!firstOfStreak) return;
    if (node) this.options.log.warn({ ...this.options.context, error: message }, 'chain: the node failed; retrying with backoff');
    else this.options.log.error({ ...this.options.context, err: error }, 'chain: a watcher round failed; retrying with backoff');
  }
}
