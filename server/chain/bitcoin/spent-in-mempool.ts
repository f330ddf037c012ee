// Whether a transaction in the node's mempool spends one of these outpoints, asked of the node: the spend
// watch sees only the transactions a watcher has read, and after a restart on a busy mempool (read
// MAX_FRESH_PER_ROUND at a time) a replacement may not be read yet when the payment it replaced is judged.
// gettxout is mempool-aware, and Bitcoin Core 0.21 (Debian's litecoind) has no gettxspendingprevout, so:
//   unspent with the mempool counted                  -> nobody spends it
//   spent with the mempool, unspent in the chain      -> a confirmed output a mempool transaction spends
//   neither, and its transaction is in the mempool    -> an unconfirmed output another mempool transaction spends
//   neither, and its transaction is not               -> spent in a block (the block scan shows that to the spend
//     watch) or its transaction left the mempool too (an evicted parent takes its children): no proof here

import type { NodeReader } from './node-reader.ts';

/** The first outpoint a mempool transaction provably spends, or undefined. */
export async function spentInMempool(node: NodeReader, outpoints: readonly string[], inMempool: ReadonlySet<string>): Promise<string | undefined> {
  if (outpoints.length === 0) return undefined;
  const withMempool = await node.unspent(outpoints, true);
  const spent = outpoints.filter((_, i) => !withMempool[i]);
  if (spent.length === 0) return undefined;
  const inChain = await node.unspent(spent, false);
  return spent.find((outpoint, i) => inChain[i] || inMempool.has(outpoint.split(':')[0]!));
}
