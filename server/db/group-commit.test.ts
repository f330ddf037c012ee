// The group commit's promises, without a database: what leaves together, how big and how many at once, and
// that every caller gets its own outcome.
import { describe, expect, it } from 'vitest';
import { GroupCommit, type BatchOutcome } from './group-commit.ts';

/** A write whose batches the test holds open and releases by hand. */
function heldWrite<I>() {
  const batches: I[][] = [];
  const releases: Array<(outcomes: BatchOutcome<string>[] | Error) => void> = [];
  let open = 0;
  let mostOpen = 0;
  const write = (items: readonly I[]) => {
    batches.push([...items]);
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    return new Promise<BatchOutcome<string>[]>((resolve, reject) => {
      releases.push((outcomes) => {
        open -= 1;
        if (outcomes instanceof Error) reject(outcomes);
        else resolve(outcomes);
      });
    });
  };
  const allOk = (batch: number) => batches[batch]!.map((item) => ({ ok: true as const, value: `wrote ${String(item)}` }));
  return { write, batches, releases, allOk, mostOpen: () => mostOpen };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('a lone item leaves at the next turn of the event loop, alone', async () => {
    const held = heldWrite<number>();
    const commit = new GroupCommit(held.write, { maxBatch: 10, maxInFlight: 1 });
    const one = commit.submit(1);
    expect(held.batches).toEqual([]);
    await turn();
    expect(held.batches).toEqual([[1]]);
    held.releases[0]!(held.allOk(0));
    await expect(one).resolves.toBe('wrote 1');
  });

  it('items that arrive while a batch is in flight leave together in the next one, in order', async () => {
    const held = heldWrite<number>();
    const commit = new GroupCommit(held.write, { maxBatch: 10, maxInFlight: 1 });
    const first = commit.submit(1);
    await turn();
    const rest = [2, 3, 4, 5].map((n) => commit.submit(n));
    await turn();
    expect(held.batches).toEqual([[1]]);
    held.releases[0]!(held.allOk(0));
    await first;
    // The first caller hears of its write a moment before the writer turns to the next batch.
    await turn();
    await turn();
    expect(held.batches).toEqual([[1], [2, 3, 4, 5]]);
    held.releases[1]!(held.allOk(1));
    await expect(Promise.all(rest)).resolves.toEqual(['wrote 2', 'wrote 3', 'wrote 4', 'wrote 5']);
  });

  it('no batch is larger than maxBatch, and no more than maxInFlight are written at once', async () => {
    const held = heldWrite<number>();
    const commit = new GroupCommit(held.write, { maxBatch: 3, maxInFlight: 2 });
    const all = Array.from({ length: 8 }, (_, n) => commit.submit(n));
    await turn();
    expect(held.batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    held.releases[0]!(held.allOk(0));
    await turn();
    await turn();
    expect(held.batches[2]).toEqual([6, 7]);
    held.releases[1]!(held.allOk(1));
    held.releases[2]!(held.allOk(2));
    await expect(Promise.all(all)).resolves.toHaveLength(8);
    expect(held.mostOpen()).toBe(2);
  });

  it("each caller gets its own outcome: one refused item rejects its caller only", async () => {
    const held = heldWrite<string>();
    const commit = new GroupCommit(held.write, { maxBatch: 10, maxInFlight: 1 });
    const [a, b, c] = ['a', 'b', 'c'].map((item) => commit.submit(item));
    await turn();
    held.releases[0]!([{ ok: true, value: 'A' }, { ok: false, error: new Error('b refused') }, { ok: true, value: 'C' }]);
    await expect(a).resolves.toBe('A');
    await expect(b).rejects.toThrow('b refused');
    await expect(c).resolves.toBe('C');
  });

  it('a write that fails rejects every caller of its batch, and the next batch is still written', async () => {
    const held = heldWrite<number>();
    const commit = new GroupCommit(held.write, { maxBatch: 10, maxInFlight: 1 });
    const failed = [commit.submit(1), commit.submit(2)];
    await turn();
    const next = commit.submit(3);
    held.releases[0]!(new Error('connection lost'));
    for (const call of failed) await expect(call).rejects.toThrow('connection lost');
    await turn();
    expect(held.batches[1]).toEqual([3]);
    held.releases[1]!(held.allOk(1));
    await expect(next).resolves.toBe('wrote 3');
  });

  it('a write that answers the wrong number of outcomes is a bug every caller hears of', async () => {
    const held = heldWrite<number>();
    const commit = new GroupCommit(held.write, { maxBatch: 10, maxInFlight: 1 });
    const calls = [commit.submit(1), commit.submit(2)];
    await turn();
    held.releases[0]!([{ ok: true, value: 'one' }]);
    for (const call of calls) await expect(call).rejects.toThrow('answered 1 outcomes for 2 items');
  });

  it.each([
    { maxBatch: 0, maxInFlight: 1 },
    { maxBatch: 1, maxInFlight: 0 },
    { maxBatch: 1.5, maxInFlight: 1 },
  ])('refuses maxBatch $maxBatch with maxInFlight $maxInFlight', (options) => {
    expect(() => new GroupCommit(async () => [], options)).toThrow(RangeError);
  });
});
