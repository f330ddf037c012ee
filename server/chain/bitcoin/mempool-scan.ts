// The node's mempool, read without reading it all every time: only txids not seen before are fetched
// (batched getrawtransaction). The memory is one set of txids, and only of those still in the mempool, so
// it is bounded by the node's own mempool; a huge mempool (a first start on a busy network) is fetched
// over several rounds, MAX_FRESH_PER_ROUND at a time, so a round stays short.
//
// getrawmempool lists EVERY txid: cheap on regtest and on a quiet chain, megabytes on a busy one. So the
// list is read every round while it is small, and less often as it grows (one second per 10,000 txids,
// at most every 10 s). Where that is too slow for detection, a push source (ZMQ) belongs in front.

import type { RpcTransaction } from './block-outputs.ts';
import type { NodeReader } from './node-reader.ts';

export const MAX_FRESH_PER_ROUND = 5_000;
const TXIDS_PER_SECOND_OF_DELAY = 10_000;
const MAX_DELAY_MS = 10_000;

export interface MempoolRead {
  /** Every txid in the mempool at the last read. */
  txids: ReadonlySet<string>;
  /** False when this round used the previous read (a big mempool is not listed every round). */
  current: boolean;
  /** The transactions not handled before, still unconfirmed. */
  fresh: RpcTransaction[];
  /** Call once they are reported: until then a failed round reads them again. */
  commit(): void;
}

export class MempoolScan {
  private seen = new Set<string>();
  private last: ReadonlySet<string> = new Set();
  private nextReadAt = 0;

  constructor(
    private readonly node: NodeReader,
    private readonly now: () => number = Date.now,
  ) {}

  async read(): Promise<MempoolRead> {
    if (this.now() < this.nextReadAt) return { txids: this.last, current: false, fresh: [], commit: () => {} };
    const txids = new Set(await this.node.mempoolTxids());
    const wanted: string[] = [];
    for (const txid of txids) {
      if (wanted.length >= MAX_FRESH_PER_ROUND) break;
      if (!this.seen.has(txid)) wanted.push(txid);
    }
    // With -txindex a transaction mined since getrawmempool comes back with its block: the block scan has it.
    const fresh = (await this.node.transactions(wanted)).filter((tx) => tx.blockhash === undefined);
    return {
      txids,
      current: true,
      fresh,
      commit: () => {
        const next = new Set<string>();
        for (const txid of this.seen) if (txids.has(txid)) next.add(txid);
        for (const txid of wanted) next.add(txid);
        this.seen = next;
        this.last = txids;
        this.nextReadAt = this.now() + Math.min(MAX_DELAY_MS, Math.floor((txids.size / TXIDS_PER_SECOND_OF_DELAY) * 1000));
      },
    };
  }

  get size(): number {
    return this.seen.size;
  }
}
