// `app.leader`: which of several server processes on one PostgreSQL runs the duties that must run once
// (the test network's block producer, the chain watchers, the price recorder). Everything else claims its
// rows itself (FOR UPDATE SKIP LOCKED, idempotent deletes and upserts) and runs on every process.
//
// The election is a PostgreSQL session-level advisory lock (pg_try_advisory_lock) held on a connection of
// its own, straight to the server (DIRECT_DATABASE_URL: a transaction-pooling pgbouncer would hand the
// session to someone else). The process holding it leads; the others try again every `retryMs`. The
// server releases the lock when the leader's connection dies (a killed process, a lost network), so a
// follower takes the duties over within about `retryMs` plus the time the server takes to see the
// connection gone. The leader pings its connection every `retryMs`; a ping that fails means the lock may
// be gone, so it stops its duties at once and competes again like any follower.
// On PGlite there is one process, so it leads from the start. The lock's second key is the schema, so
// test apps in separate schemas of one server each elect their own leader.

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle, DirectSession } from '../db/database.ts';
import { globalPlugin } from './global-plugin.ts';

/** Work that runs on the leader only: started when this process wins, stopped when it loses or closes. */
export interface LeaderDuty {
  name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** Opens the dedicated connection; absent on PGlite (one process: always the leader). */
  openSession?: () => Promise<DirectSession>;
  log: FastifyBaseLogger;
  /** How often a follower tries for the lock and the leader checks its connection (default 2 s). */
  retryMs?: number;
}

/** A fixed class id for "leader"; the second key is the schema (hashtext(current_schema())). */
export const LEADER_LOCK_CLASS = 0x7061_7901;
/** The lock connection's application_name, followed by ' pid <process id>'. */
export const LEADER_APPLICATION_NAME = 'paykit leader election';
export const DEFAULT_LEADER_RETRY_MS = 2_000;

export class Leadership {
  readonly #options: LeadershipOptions;
  readonly #duties: LeaderDuty[] = [];
  #session: DirectSession | null = null;
  #leading = false;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> = Promise.resolve();

  constructor(options: LeadershipOptions) {
    this.#options = options;
  }

  /** True while this process holds the lock and its duties run. */
  isLeader(): boolean {
    return this.#leading;
  }

  /** False on PGlite: one process, always the leader, so there is nobody to share leader-only knowledge with. */
  mayHaveFollowers(): boolean {
    return this.#options.openSession !== undefined;
  }

  /** Registered while the app is built; a duty added after the first election starts at the next win. */
  addDuty(duty: LeaderDuty): void {
    this.#duties.push(duty);
  }

  /** The first election (awaited, so a lone process starts its duties before it serves), then one every retryMs. */
  async start(): Promise<void> {
    await this.#next();
    this.#schedule();
  }

  /** Stops the duties, releases the lock (by closing its connection) and stops competing. */
  async stop(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#round;
    await this.#resign('the server is closing');
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      void this.#next().finally(() => this.#schedule());
    }, this.#options.retryMs ?? DEFAULT_LEADER_RETRY_MS);
    this.#timer.unref();
  }

  #next(): Promise<void> {
    this.#round = this.#elect().catch((error: unknown) => this.#options.log.error({ err: error }, 'leader election failed; trying again'));
    return this.#round;
  }

  async #elect(): Promise<void> {
    if (this.#closed) return;
    const { openSession, log } = this.#options;
    if (!openSession) {
      if (!this.#leading) await this.#lead('the only process (PGlite)');
      return;
    }
    if (this.#leading) {
      try {
        await this.#session!.query('SELECT 1');
      } catch (error) {
        log.warn({ err: error, pid: process.pid }, 'leader: the lock connection failed; stopping the leader duties and competing again');
        await this.#resign('its lock connection failed');
      }
      return;
    }
    try {
      this.#session ??= await this.#openWatched(openSession);
      const [row] = await this.#session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext(current_schema())) AS locked', [LEADER_LOCK_CLASS]);
      if (row?.locked) await this.#lead('won the advisory lock');
    } catch (error) {
      log.warn({ err: error }, 'leader: could not reach PostgreSQL for the election; trying again');
      await this.#dropSession();
    }
  }

  async #openWatched(openSession: () => Promise<DirectSession>): Promise<DirectSession> {
    const session = await openSession();
    void session.lost.then(() => {
      if (this.#session !== session || this.#closed) return;
      this.#options.log.warn({ pid: process.pid }, 'leader: the lock connection was lost');
      void this.#resign('its lock connection was lost');
    });
    return session;
  }

  async #lead(why: string): Promise<void> {
    this.#leading = true;
    this.#options.log.info({ pid: process.pid, why, duties: this.#duties.map((duty) => duty.name) }, 'leader: this process leads');
    for (const duty of this.#duties) {
      try {
        await duty.start();
      } catch (error) {
        this.#options.log.error({ err: error, duty: duty.name }, 'leader: a duty failed to start');
      }
    }
  }

  async #resign(why: string): Promise<void> {
    const wasLeading = this.#leading;
    this.#leading = false;
    if (wasLeading) {
      await Promise.all(this.#duties.map((duty) => duty.stop().catch((error: unknown) => this.#options.log.error({ err: error, duty: duty.name }, 'leader: a duty failed to stop'))));
      this.#options.log.info({ pid: process.pid, why }, 'leader: this process no longer leads');
    }
    await this.#dropSession();
  }

  async #dropSession(): Promise<void> {
    const session = this.#session;
    this.#session = null;
    // A connection whose network is gone may never finish closing: the lock is the server's to release then.
    if (session) await Promise.race([session.close(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    leader: Leadership;
  }
}

/** Registers `app.leader`: the election starts when the app is ready (after every duty was added) and ends on close. */
export const leaderPlugin = globalPlugin<{ db: DatabaseHandle; retryMs?: number }>('leader', async (app: FastifyInstance, { db, retryMs }) => {
  const leadership = new Leadership({
    // Named so an operator sees in pg_stat_activity (joined with pg_locks) which process leads.
    ...(db.directSession ? { openSession: () => db.directSession!(`${LEADER_APPLICATION_NAME} pid ${process.pid}`) } : {}),
    log: app.log.child({ component: 'leader' }),
    ...(retryMs !== undefined ? { retryMs } : {}),
  });
  app.decorate('leader', leadership);
  app.addHook('onReady', () => leadership.start());
  app.addHook('onClose', () => leadership.stop());
});
