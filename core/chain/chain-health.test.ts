import { describe, expect, it } from 'vitest';
import { chainHealthy, chainsHealth, MAX_HEALTHY_LAG_BLOCKS } from './chain-health.ts';

describe('chain health', () => {
  it.each([
    [true, 0, true],
    [true, MAX_HEALTHY_LAG_BLOCKS, true],
    [true, MAX_HEALTHY_LAG_BLOCKS + 1, false],
    [true, null, true],
    [false, 0, false],
    [false, null, false],
  ] as const)('reachable %s with a lag of %s blocks is healthy: %s', (reachable, lag, healthy) => {
    expect(chainHealthy(reachable, lag)).toBe(healthy);
  });

  it('is degraded when any one watcher is, ok when all are (and with none)', () => {
    const ok = { reachable: true, lagBlocks: 0 };
    expect(chainsHealth([ok, ok])).toBe('ok');
    expect(chainsHealth([])).toBe('ok');
    expect(chainsHealth([ok, { reachable: false, lagBlocks: 0 }])).toBe('degraded');
    expect(chainsHealth([{ reachable: true, lagBlocks: 7 }, ok])).toBe('degraded');
  });
});
