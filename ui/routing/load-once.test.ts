import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('route chunk loading', () => {
  it('downloads a chunk once for a prefetch and the render that follows', async () => {
    let downloads = 0;
    const load = loadOnce(async () => ++downloads);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(downloads).toBe(1);
  });

  it('retries after a failed download instead of replaying the failure', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'chunk';
    });
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(await load()).toBe('chunk');
    expect(attempts).toBe(2);
  });
});
