// How a watcher tells a REPLACED payment from a dropped one without the node's wallet and without an
// index of every spent output: it remembers the inputs of the transactions that pay us (few), and
// checks each transaction it reads anyway (new mempool entries, new blocks) against them. Another
// transaction spending one of those inputs is a replacement (RBF) or a double spend: 'replaced'.
//
// The memory itself is plain; the watcher mirrors it in the database (spend-store.ts: what track answers
// is saved, what keepOnly answers is deleted, restore reloads it at start), so a restart forgets nothing.

import { spentOutpoints, type RpcTransaction } from './block-outputs.ts';

export class SpendWatch {
  private readonly inputsOf = new Map<string, string[]>();
  private readonly spenderOf = new Map<string, string>();
  private readonly replacedBy = new Map<string, string>();
  private readonly newlyReplaced = new Set<string>();

  /** A transaction that pays us: watch what it spends. Answers its outpoints when it is new to the watch. */
  track(tx: RpcTransaction): string[] | undefined {
    if (this.inputsOf.has(tx.txid)) return undefined;
    const outpoints = spentOutpoints(tx);
    this.restore(tx.txid, outpoints);
    return outpoints;
  }

  /** A transaction tracked before a restart, from the database. */
  restore(txid: string, outpoints: readonly string[]): void {
    if (this.inputsOf.has(txid)) return;
    this.inputsOf.set(txid, [...outpoints]);
    for (const outpoint of outpoints) this.spenderOf.set(outpoint, txid);
  }

  /** What a tracked transaction spends ("txid:vout"); undefined when it is not tracked. */
  outpointsOf(txid: string): readonly string[] | undefined {
    return this.inputsOf.get(txid);
  }

  /** Any transaction read from the node: does it spend what one of ours spends? */
  see(tx: RpcTransaction): void {
    if (this.spenderOf.size === 0) return;
    for (const outpoint of spentOutpoints(tx)) {
      const ours = this.spenderOf.get(outpoint);
      if (ours !== undefined && ours !== tx.txid && this.replacedBy.get(ours) !== tx.txid) {
        this.replacedBy.set(ours, tx.txid);
        this.newlyReplaced.add(ours);
      }
    }
  }

  /** The transaction seen spending one of `txid`'s inputs, if any. */
  replacementOf(txid: string): string | undefined {
    return this.replacedBy.get(txid);
  }

  /** Our transactions found replaced since the last call. */
  takeNewlyReplaced(): string[] {
    const list = [...this.newlyReplaced];
    this.newlyReplaced.clear();
    return list;
  }

  isTracked(txid: string): boolean {
    return this.inputsOf.has(txid);
  }

  /** Forget every transaction but these (the payments still open), so memory follows the open payments. Answers the forgotten. */
  keepOnly(txids: ReadonlySet<string>): string[] {
    const forgotten: string[] = [];
    for (const [txid, outpoints] of this.inputsOf) {
      if (txids.has(txid)) continue;
      forgotten.push(txid);
      this.inputsOf.delete(txid);
      this.replacedBy.delete(txid);
      this.newlyReplaced.delete(txid);
      for (const outpoint of outpoints) if (this.spenderOf.get(outpoint) === txid) this.spenderOf.delete(outpoint);
    }
    return forgotten;
  }

  get size(): number {
    return this.inputsOf.size;
  }
}
