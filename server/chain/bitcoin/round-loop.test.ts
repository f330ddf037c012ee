import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WatcherRound } from '../chain-watcher.ts';
import { RoundLoop } from './round-loop.ts';

class NodeDown extends Error {}

function loopOf(runRound: (round: WatcherRound) => Promise<void>, pollMs = 10) {
  const lines: string[] = [];
  const at = (level: number) => (fields: object, msg: string) => void lines.push(JSON.stringify({ level, ...fields, msg }));
  const log = { info: at(30), warn: at(40), error: at(50) } as unknown as FastifyBaseLogger;
  const loop = new RoundLoop(runRound, { pollMs, log, context: { family: 'litecoin' }, nodeFailure: (error) => (error instanceof NodeDown ? { reachable: false } : null) });
  return { loop, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the round loop', () => {
  it('rounds never overlap, on the timer or by tick()', async () => {
    let inRound = 0;
    let most = 0;
    let rounds = 0;
    const { loop } = loopOf(async (round) => {
      inRound += 1;
      most = Math.max(most, inRound);
      await sleep(15);
      round.blocks = 1;
      rounds += 1;
      inRound -= 1;
    }, 1);
    loop.start();
    const ticks = await Promise.all([loop.tick(), loop.tick(), loop.tick()]);
    await sleep(60);
    await loop.stop();
    const after = rounds;
    await sleep(40);
    expect(most).toBe(1);
    expect(ticks.map((t) => t.blocks)).toEqual([1, 1, 1]);
    expect(rounds).toBe(after);
    expect(loop.health()).toMatchObject({ reachable: true, lastError: null, retryInMs: null });
  });

  it('a failing node backs off 1 s doubling to 30 s, logged once per streak; the first good round clears it', async () => {
    let down = true;
    const { loop, lines } = loopOf(async () => {
      if (down) throw new NodeDown('getblockchaininfo at http://u:***@127.0.0.1:1: connect ECONNREFUSED');
    });
    const seen: (number | null)[] = [];
    for (let i = 0; i < 7; i++) {
      await loop.tick();
      seen.push(loop.health().retryInMs);
    }
    expect(seen).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(loop.health()).toMatchObject({ reachable: false, lastError: { message: expect.stringContaining('ECONNREFUSED') } });
    expect(lines.filter((l) => l.includes('the node failed; retrying with backoff'))).toHaveLength(1);
    down = false;
    await loop.tick();
    expect(loop.health()).toMatchObject({ reachable: true, retryInMs: null });
    expect(loop.health().lastRoundAt).not.toBeNull();
    expect(lines.filter((l) => l.includes('the watcher works again'))).toHaveLength(1);
  });

  it("a failure of our own (the database, a bug) is logged as an error, not as the node's, and backs off the same", async () => {
    const { loop, lines } = loopOf(async () => {
      throw new Error('database gone');
    });
    await loop.tick();
    expect(loop.health()).toMatchObject({ retryInMs: 1_000, lastError: { message: 'database gone' } });
    expect(lines.some((l) => l.includes('"level":50') && l.includes('a watcher round failed'))).toBe(true);
    expect(lines.some((l) => l.includes('the node failed'))).toBe(false);
  });

  it('notify() starts the next round at once instead of after pollMs, also when it arrives during a round', async () => {
    const starts: number[] = [];
    const { loop } = loopOf(async () => {
      starts.push(Date.now());
      await sleep(20);
    }, 10_000);
    loop.start();
    await sleep(5);
    loop.notify(); // during the first round
    await sleep(200);
    expect(starts).toHaveLength(2);
    loop.notify(); // while waiting for the timer
    await sleep(200);
    await loop.stop();
    expect(starts).toHaveLength(3);
  });
});
