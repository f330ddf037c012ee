// When a chain watcher counts as healthy: its node answers and it is at most a few blocks behind the
// node's tip. One rule, so /healthz's `chains` field and the console's Chains page cannot disagree.
// Six blocks: about an hour of Bitcoin, the depth most payments wait for; a watcher further behind is
// holding payments back, not catching up on a block or two.

export const MAX_HEALTHY_LAG_BLOCKS = 6;

/** A watcher whose lag is not known yet (no round finished) is healthy while its node answers. */
export function chainHealthy(reachable: boolean, lagBlocks: number | null): boolean {
  return reachable && (lagBlocks === null || lagBlocks <= MAX_HEALTHY_LAG_BLOCKS);
}

export type ChainsHealth = 'ok' | 'degraded';

export function chainsHealth(chains: readonly { reachable: boolean; lagBlocks: number | null }[]): ChainsHealth {
  return chains.every((chain) => chainHealthy(chain.reachable, chain.lagBlocks)) ? 'ok' : 'degraded';
}
