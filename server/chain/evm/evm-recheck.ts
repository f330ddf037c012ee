// Step 4 of a watcher's round on an EVM chain: every payment still waiting for confirmations (and,
// after a reorganisation, the final ones whose block was above the fork point) is looked at again.
//   its block is still one we finished        -> its confirmations now
//   its block left the chain ("unplaced")    -> the node's receipt: mined again elsewhere -> that block;
//                                               pending -> 0 confirmations; failed when re-mined, or
//                                               unknown to the node -> withdrawn ('reorged_out'), but
//                                               only when the tip did not move meanwhile (a node in the
//                                               middle of switching branches may not know it for a moment)
// The pipeline decides what that means: confirmations down -> unconfirmed; a final payment that left
// -> flagged reorged_at, never credited twice.

import type { Hash } from 'viem';
import type { ChainObservation, OpenChainPayment, PaymentPipeline } from '../payment-pipeline.ts';
import type { ChainCursor } from './chain-cursor.ts';
import { hexToNumber, type EvmClient } from './evm-client.ts';
import { need } from './round-failure.ts';

export interface RecheckContext {
  pipeline: PaymentPipeline;
  client: EvmClient;
  cursor: ChainCursor;
}

export interface RecheckResult {
  observed: number;
  withdrawn: number;
  /** Some payment is pending or gone but not withdrawn yet: look again even if the tip does not move. */
  unsettled: boolean;
}

export async function recheckOpenPayments(ctx: RecheckContext, tip: number, placedAbove: number | undefined): Promise<RecheckResult> {
  const open = await ctx.pipeline.openPayments('ethereum', placedAbove);
  if (open.length === 0) return { observed: 0, withdrawn: 0, unsettled: false };
  const heights = [...new Set(open.flatMap((payment) => (payment.blockHeight === null ? [] : [payment.blockHeight])))];
  const finished = await ctx.cursor.hashesAt(heights);
  const observations: ChainObservation[] = [];
  const gone: OpenChainPayment[] = [];
  for (const payment of open) {
    if (payment.blockHeight !== null && payment.blockHeight <= tip && finished.get(payment.blockHeight) === payment.blockHash) {
      observations.push(observationOf(payment, tip, { height: payment.blockHeight, hash: payment.blockHash! }));
      continue;
    }
    const receipt = need(await ctx.client.receipt(payment.txid as Hash));
    if (receipt) {
      if (receipt.status === '0x0') gone.push(payment);
      else {
        const height = hexToNumber(receipt.blockNumber);
        // Mined in a block above the tip we read: the scan reports it next round.
        if (height <= tip) observations.push(observationOf(payment, tip, { height, hash: receipt.blockHash }));
      }
      continue;
    }
    const pending = need(await ctx.client.transaction(payment.txid as Hash));
    if (pending) observations.push({ ...observationOf(payment, tip, null), confirmations: 0 });
    else gone.push(payment);
  }
  // Undecided: a pending transaction, a transition a handler failed (retried next round), a withdrawal
  // not done yet. Such a round is repeated even when the tip does not move.
  let unsettled = observations.some((observation) => observation.confirmations === 0);
  if (observations.length > 0 && (await ctx.pipeline.observeAll(observations)).failed > 0) unsettled = true;
  let withdrawn = 0;
  if (gone.length > 0 && need(await ctx.client.blockNumber()) !== tip) unsettled = true;
  else if (gone.length > 0) {
    const txids = new Map(gone.map((payment) => [`${payment.asset}:${payment.txid}`, payment]));
    for (const payment of txids.values()) {
      const changed = await ctx.pipeline.withdraw({ asset: payment.asset, txid: payment.txid, reason: 'reorged_out' });
      if (changed < 0) unsettled = true;
      else withdrawn += changed;
    }
  }
  return { observed: observations.length, withdrawn, unsettled };
}

function observationOf(payment: OpenChainPayment, tip: number, block: { height: number; hash: string } | null): ChainObservation {
  return {
    asset: payment.asset,
    address: payment.address,
    txid: payment.txid,
    amountMinor: payment.amountMinor,
    confirmations: block ? tip - block.height + 1 : 0,
    block,
  };
}
