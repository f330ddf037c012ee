import { describe, expect, it } from 'vitest';
import type { RpcTransaction } from './block-outputs.ts';
import { MAX_FRESH_PER_ROUND, MempoolScan } from './mempool-scan.ts';
import type { NodeReader } from './node-reader.ts';

function fakeNode(mempool: () => string[]) {
  const fetched: string[][] = [];
  const lists = { count: 0 };
  const node = {
    mempoolTxids: async () => {
      lists.count += 1;
      return mempool();
    },
    transactions: async (txids: readonly string[]): Promise<RpcTransaction[]> => {
      fetched.push([...txids]);
      return txids.map((txid) => ({ txid, vin: [], vout: [] }));
    },
  } as unknown as NodeReader;
  return { node, fetched, lists };
}

describe('the mempool scan', () => {
  it('fetches only txids it has not handled, and forgets those that left the mempool', async () => {
    let mempool = ['a', 'b'];
    const { node, fetched } = fakeNode(() => mempool);
    const scan = new MempoolScan(node);
    const first = await scan.read();
    first.commit();
    mempool = ['b', 'c'];
    const second = await scan.read();
    second.commit();
    expect(fetched).toEqual([['a', 'b'], ['c']]);
    expect(second.fresh.map((tx) => tx.txid)).toEqual(['c']);
    expect([...second.txids]).toEqual(['b', 'c']);
    expect(scan.size).toBe(2);
    // 'a' left and came back (a reorganisation put it back): it is new again.
    mempool = ['a', 'b', 'c'];
    expect((await scan.read()).fresh.map((tx) => tx.txid)).toEqual(['a']);
  });

  it('what was read but not committed (the round failed before reporting) is read again', async () => {
    const { node } = fakeNode(() => ['a']);
    const scan = new MempoolScan(node);
    await scan.read();
    expect((await scan.read()).fresh.map((tx) => tx.txid)).toEqual(['a']);
  });

  it('a huge mempool is fetched a bounded number at a time, the rest in later rounds', async () => {
    const mempool = Array.from({ length: MAX_FRESH_PER_ROUND + 10 }, (_, i) => `tx${i}`);
    let clock = 0;
    const { node } = fakeNode(() => mempool);
    const scan = new MempoolScan(node, () => clock);
    const first = await scan.read();
    first.commit();
    expect(first.fresh).toHaveLength(MAX_FRESH_PER_ROUND);
    clock += 10_000;
    expect((await scan.read()).fresh).toHaveLength(10);
  });

  it('a big mempool is listed less often (1 s per 10,000 txids): in between the last list stands, marked not current', async () => {
    const mempool = Array.from({ length: 20_000 }, (_, i) => `tx${i}`);
    let clock = 1_000_000;
    const { node, lists } = fakeNode(() => mempool);
    const scan = new MempoolScan(node, () => clock);
    (await scan.read()).commit();
    clock += 1_999;
    const early = await scan.read();
    expect(early).toMatchObject({ current: false, fresh: [] });
    expect(early.txids.size).toBe(20_000);
    clock += 1;
    expect((await scan.read()).current).toBe(true);
    expect(lists.count).toBe(2);
  });
});
