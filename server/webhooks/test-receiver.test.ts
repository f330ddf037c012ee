import { describe, expect, it } from 'vitest';
import { portsOfThisWorker } from './test-receiver.ts';

describe('the test receiver', () => {
  it.each([
    [1, [8470, 8471]],
    [2, [8472, 8473]],
    [5, [8478, 8479]],
    [6, [8470, 8471]],
    [Number.NaN, [8470, 8471]],
  ])('vitest worker %s listens on its own ports %j, never another worker’s', (poolId, ports) => {
    expect(portsOfThisWorker(poolId)).toEqual(ports);
  });
});
