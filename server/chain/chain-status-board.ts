// Every process answers the same chain statuses, whichever one a load balancer or an operator reaches.
// Only the elected leader runs the watchers and the test network's producer (chain-plugin.ts), so only
// its memory knows what the chains look like: while it leads it publishes that every PUBLISH_EVERY_MS
// (one upsert, published-statuses.ts), and every other process reads it back every REFRESH_EVERY_MS in
// the background. statuses() itself never queries, so /healthz stays cheap: the leader answers from its
// watchers' memory, a follower from the snapshot it holds (follower-statuses.ts says when that is too old).
// On PGlite there is one process, always the leader, so nothing is published or read.

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LeaderDuty } from '../plugins/leader.ts';
import type { ChainWatcherStatus } from './chain-watcher.ts';
import { followerStatuses, MAX_STATUS_AGE_MS, type HeldStatuses } from './follower-statuses.ts';
import { publishStatuses, readPublishedStatuses } from './published-statuses.ts';

export const PUBLISH_EVERY_MS = 2_000;
export const REFRESH_EVERY_MS = 2_000;

export interface ChainStatusBoardOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** This process's own watchers and test network, from memory. */
  local: () => ChainWatcherStatus[];
  isLeader: () => boolean;
  maxAgeMs?: number;
}

export class ChainStatusBoard {
  readonly #options: ChainStatusBoardOptions;
  #held: HeldStatuses | null = null;
  /** One log line per streak of failures (or of bad rows), not one every 2 s. */
  #publishFailing = false;
  #readTrouble: 'failing' | 'bad' | null = null;
  readonly #publishing: Repeater;
  readonly #following: Repeater;

  constructor(options: ChainStatusBoardOptions) {
    this.#options = options;
    this.#publishing = new Repeater(() => this.publish(), PUBLISH_EVERY_MS);
    this.#following = new Repeater(() => (options.isLeader() ? Promise.resolve() : this.refresh()), REFRESH_EVERY_MS);
  }

  /** What /healthz and the Chains page show; never a query. */
  statuses(): ChainWatcherStatus[] {
    const { local, isLeader, maxAgeMs } = this.#options;
    if (isLeader()) return local();
    return followerStatuses(this.#held, local(), { nowMs: performance.now(), nowIso: new Date().toISOString() }, maxAgeMs ?? MAX_STATUS_AGE_MS);
  }

  /** The leader's duty: publish at once (a follower need not wait a period to see the new leader), then every period. */
  publisher(): LeaderDuty {
    return { name: 'chain status publisher', start: () => this.#publishing.start(), stop: () => this.#publishing.stop() };
  }

  /** Every process follows from when the app is ready; a round while this process leads reads nothing. */
  startFollowing(): Promise<void> {
    return this.#following.start();
  }

  stopFollowing(): Promise<void> {
    return this.#following.stop();
  }

  /** One publication now (the duty's rounds; tests call it by hand). Never throws: a failure is logged. */
  async publish(): Promise<void> {
    try {
      await publishStatuses(this.#options.db, this.#options.local());
      if (this.#publishFailing) this.#options.log.info('chain status: publishing works again');
      this.#publishFailing = false;
    } catch (error) {
      if (!this.#publishFailing) this.#options.log.error({ err: error }, 'chain status: the leader could not publish its chain statuses; the followers will report them stale');
      this.#publishFailing = true;
    }
  }

  /** One read now (the follower's rounds; tests call it by hand). A failed read keeps the snapshot, which ages. */
  async refresh(): Promise<void> {
    try {
      const read = await readPublishedStatuses(this.#options.db);
      if (read.kind === 'found') {
        this.#held = { ...read.published, readAtMs: performance.now() };
        this.#readTrouble = null;
        return;
      }
      // A row that is not a list of statuses says nothing about the chains: as if none were published.
      this.#held = null;
      if (read.kind === 'bad' && this.#readTrouble !== 'bad') this.#options.log.warn('chain status: the published chain statuses are not readable; reporting the chains as unknown');
      this.#readTrouble = read.kind === 'bad' ? 'bad' : null;
    } catch (error) {
      if (this.#readTrouble !== 'failing') this.#options.log.warn({ err: error }, 'chain status: could not read the leader\'s chain statuses; keeping the last ones while they are fresh');
      this.#readTrouble = 'failing';
    }
  }
}

/** Runs `round` at once and then one period after each round finished; stop() waits for the round under way. */
class Repeater {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #on = false;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly everyMs: number,
  ) {}

  async start(): Promise<void> {
    if (this.#on) return;
    this.#on = true;
    await this.#tick();
  }

  async stop(): Promise<void> {
    this.#on = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #tick(): Promise<void> {
    this.#running = this.round().finally(() => {
      if (!this.#on) return;
      this.#timer = setTimeout(() => void this.#tick(), this.everyMs);
      this.#timer.unref();
    });
    return this.#running;
  }
}
