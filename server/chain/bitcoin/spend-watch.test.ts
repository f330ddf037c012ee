import { describe, expect, it } from 'vitest';
import type { RpcTransaction } from './block-outputs.ts';
import { SpendWatch } from './spend-watch.ts';

const tx = (txid: string, ...spends: string[]): RpcTransaction => ({ txid, vin: spends.map((s) => ({ txid: s.split(':')[0]!, vout: Number(s.split(':')[1]) })), vout: [] });

describe('the spend watch', () => {
  it('another transaction spending an input of ours is its replacement; the same transaction seen again is not', () => {
    const watch = new SpendWatch();
    watch.track(tx('ours', 'p:0', 'p:1'));
    watch.see(tx('ours', 'p:0', 'p:1'));
    watch.see(tx('unrelated', 'q:0'));
    expect(watch.replacementOf('ours')).toBeUndefined();
    watch.see(tx('bumped', 'p:1'));
    expect(watch.replacementOf('ours')).toBe('bumped');
    // Each replacement is news once.
    expect(watch.takeNewlyReplaced()).toEqual(['ours']);
    watch.see(tx('bumped', 'p:1'));
    expect(watch.takeNewlyReplaced()).toEqual([]);
  });

  it('a coinbase spends nothing and replaces nothing', () => {
    const watch = new SpendWatch();
    watch.track(tx('ours', 'p:0'));
    watch.see({ txid: 'cb', vin: [{ coinbase: '01' }], vout: [] });
    expect(watch.replacementOf('ours')).toBeUndefined();
  });

  it('keeps only the open payments: memory follows them, and a forgotten one is no longer matched', () => {
    const watch = new SpendWatch();
    watch.track(tx('open', 'p:0'));
    watch.track(tx('settled', 'p:1'));
    // What it forgets is answered, so the watcher deletes the same rows from the database.
    expect(watch.keepOnly(new Set(['open']))).toEqual(['settled']);
    expect(watch.size).toBe(1);
    watch.see(tx('other', 'p:1'));
    expect(watch.replacementOf('settled')).toBeUndefined();
    watch.see(tx('other', 'p:0'));
    expect(watch.replacementOf('open')).toBe('other');
  });

  it('a transaction restored from the database (after a restart) is matched like one tracked from the node', () => {
    const watch = new SpendWatch();
    watch.restore('ours', ['p:0', 'p:1']);
    expect(watch.isTracked('ours')).toBe(true);
    expect(watch.outpointsOf('ours')).toEqual(['p:0', 'p:1']);
    // Tracked already: nothing new to save.
    expect(watch.track(tx('ours', 'p:0', 'p:1'))).toBeUndefined();
    expect(watch.track(tx('another', 'q:0'))).toEqual(['q:0']);
    watch.see(tx('double-spend', 'p:1'));
    expect(watch.replacementOf('ours')).toBe('double-spend');
  });
});
