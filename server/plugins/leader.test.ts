// The leader election (leader.ts) on a real database: on PGlite the one process leads; on PostgreSQL two
// contenders (each its own lock connection, as two processes would have) never lead at once, the follower
// takes over when the leader stops or its connection is cut by the server, and the duties follow.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { recordingLogger } from '../chain/payouts/payout-test-kit.ts';
import { LEADER_APPLICATION_NAME, Leadership } from './leader.ts';
const RETRY_MS = 50;

/** A contender with a duty that records when it runs. */
function contender(database: DatabaseHandle, name: string) {
  const duty = { running: false, starts: 0, stops: 0 };
  const logs: string[] = [];
  const leadership = new Leadership({
    ...(database.directSession ? { openSession: () => database.directSession!(`${LEADER_APPLICATION_NAME} pid ${name}`) } : {}),
    log: recordingLogger(logs),
    retryMs: RETRY_MS,
  });
  leadership.addDuty({
    name: 'test duty',
    start: () => {
      duty.running = true;
      duty.starts += 1;
    },
    stop: async () => {
      duty.running = false;
      duty.stops += 1;
    },
  });
  return { leadership, duty, logs };
}

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

describe.each(testDatabases())('the leader election on $name', ({ name }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(name);
  });
  afterAll(async () => {
    await database.close();
  });

  it('a lone process leads from its first election and runs its duties until it stops', async () => {
    const only = contender(database, 'only');
    await only.leadership.start();
    expect(only.leadership.isLeader()).toBe(true);
    expect(only.duty).toEqual({ running: true, starts: 1, stops: 0 });
    await only.leadership.stop();
    expect(only.leadership.isLeader()).toBe(false);
    expect(only.duty).toEqual({ running: false, starts: 1, stops: 1 });
    expect(only.logs.some((line) => line.includes('leader: this process leads'))).toBe(true);
  });

  it('only a shared server can have followers: PGlite belongs to one process', () => {
    expect(contender(database, 'alone').leadership.mayHaveFollowers()).toBe(name === 'postgres');
  });
});

// Contention needs a server that several processes share: PostgreSQL (PGlite belongs to one process).
const shared = testDatabases().filter((database) => database.name === 'postgres');
if (shared.length === 0) console.log('leader.test.ts: the contention cases need PostgreSQL; DATABASE_URL is unset');
for (const { name } of shared) describe(`the leader election between contenders on ${name}`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(name);
  });
  afterAll(async () => {
    await database.close();
  });

  it('of two contenders one leads; when it stops, the other takes its duties over', async () => {
    const first = contender(database, 'first');
    const second = contender(database, 'second');
    await first.leadership.start();
    await second.leadership.start();
    try {
      expect([first.leadership.isLeader(), second.leadership.isLeader()]).toEqual([true, false]);
      expect(second.duty.running).toBe(false);
      // Several retry periods later the follower still follows.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
      expect(second.duty.starts).toBe(0);
      await first.leadership.stop();
      await eventually(() => second.leadership.isLeader(), 'the follower leads');
      expect(second.duty).toMatchObject({ running: true, starts: 1 });
      expect(first.duty).toEqual({ running: false, starts: 1, stops: 1 });
      expect(second.logs.some((line) => line.includes('leader: this process leads'))).toBe(true);
    } finally {
      await first.leadership.stop();
      await second.leadership.stop();
    }
  });

  it('a leader whose connection the server ends stops its duties, and a contender leads within a few retries', async () => {
    const first = contender(database, 'cut');
    const second = contender(database, 'spare');
    await first.leadership.start();
    await second.leadership.start();
    try {
      expect(first.leadership.isLeader()).toBe(true);
      // What a killed process or a lost network looks like to PostgreSQL: the session ends and its lock with it.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${`${LEADER_APPLICATION_NAME} pid cut`}`.execute(database.db);
      await eventually(() => !first.duty.running, 'the cut leader stops its duty');
      await eventually(() => first.leadership.isLeader() !== second.leadership.isLeader() && (first.duty.running || second.duty.running), 'one contender leads again');
      expect(first.leadership.isLeader() && second.leadership.isLeader()).toBe(false);
    } finally {
      await first.leadership.stop();
      await second.leadership.stop();
    }
  });
});
