// Payouts for the Bitcoin family (BTC, LTC, BCH) from the node's own wallet: the wallet named in the RPC
// URL's /wallet/NAME path holds the hot coins, picks the inputs, the fee (estimatesmartfee for a 6-block
// target; the node's -fallbackfee where it has no estimate, as on regtest) and the change.
//
// The wallet remembers each payout's ref as the transaction's comment. That is the record that makes a
// send safe to repeat: before sending, the wallet's recent transactions are searched for a live send with
// comment = ref, so a worker that crashed (or got no answer) after the node accepted the transaction finds
// it instead of paying again. Sends are BIP125-replaceable: one left unmined for bumpAfterMs is bumped here
// (bumpfee keeps the comment), and an operator may bump one too; either way the replacement is followed.

import type { CryptoAsset } from '#core/assets.ts';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import { coinNumberToMinor, minorToCoinString } from './coin-amount.ts';
import { NodeRpcError, nodeRpc, type NodeRpc } from './node-rpc.ts';
import { BALANCE_TIMEOUT_MS, type FollowOutcome, type HotWalletBalance, type PayoutSender, type SendOutcome } from './payout-sender.ts';

/** How far back the wallet's history is searched for an earlier send of a ref (most recent first). */
const HISTORY_SEARCHED = 1000;
/** The fee target in blocks. */
const CONF_TARGET = 6;

/** Node error codes (Bitcoin Core's rpc/protocol.h) that mean the payout can never go out as asked. */
const NEVER_CODES = new Set([
  -5, // RPC_INVALID_ADDRESS_OR_KEY
  -3, // RPC_TYPE_ERROR (amount)
  -8, // RPC_INVALID_PARAMETER
]);

interface WalletTx {
  txid: string;
  category: string;
  confirmations: number;
  comment?: string;
  abandoned?: boolean;
}

interface GetTransaction {
  txid: string;
  confirmations: number;
  fee?: number;
  blockhash?: string;
  blockheight?: number;
  walletconflicts: string[];
  replaced_by_txid?: string;
  comment?: string;
  details: Array<{ category: string; abandoned?: boolean }>;
}

/** A payout unmined and unchanged for this long gets its fee bumped (then again after as long, and so on). */
const DEFAULT_BUMP_AFTER_MS = 2 * 60 * 60 * 1000;

export interface BitcoinNodePayoutOptions {
  /** Default 2 hours: about 12 Bitcoin blocks, 48 Litecoin blocks past a 6-block fee target. */
  bumpAfterMs?: number;
  now?: () => Date;
}

const ASSET_OF: Record<Exclude<ChainFamily, 'ethereum'>, CryptoAsset> = { bitcoin: 'BTC', litecoin: 'LTC', bitcoincash: 'BCH' };

export class BitcoinNodePayout implements PayoutSender {
  readonly assets: readonly CryptoAsset[];
  readonly node: string;
  private readonly rpc: NodeRpc;

  private readonly bumpAfterMs: number;
  private readonly now: () => Date;

  /** walletUrl: `http://user:pass@host:port/wallet/NAME`. */
  constructor(
    readonly family: Exclude<ChainFamily, 'ethereum'>,
    walletUrl: string,
    options: BitcoinNodePayoutOptions = {},
  ) {
    this.bumpAfterMs = options.bumpAfterMs ?? DEFAULT_BUMP_AFTER_MS;
    this.now = options.now ?? (() => new Date());
    this.rpc = nodeRpc(walletUrl);
    this.node = this.rpc.maskedUrl;
    this.assets = [ASSET_OF[family]];
  }

  async balance(): Promise<HotWalletBalance> {
    // Trusted coins: confirmed plus our own unconfirmed change; a payout just broadcast is already out of it.
    const coins = await this.rpc.call<number>('getbalance', [], { timeoutMs: BALANCE_TIMEOUT_MS });
    return { balanceMinor: coinNumberToMinor(coins), address: null };
  }

  async send(_db: unknown, payout: ChainPayoutRow): Promise<SendOutcome> {
    try {
      const earlier = await this.findLiveSend(payout);
      if (earlier) return { kind: 'broadcast', txid: earlier };
    } catch (error) {
      // Without the history we cannot know whether an earlier attempt went out: send nothing now.
      return { kind: 'unknown', error: `the wallet's history could not be read: ${(error as Error).message}` };
    }
    try {
      const txid = await this.rpc.call<string>('sendtoaddress', {
        address: payout.address,
        amount: minorToCoinString(payout.amount_minor),
        comment: payout.ref,
        subtractfeefromamount: false,
        replaceable: true,
        conf_target: CONF_TARGET,
      });
      return { kind: 'broadcast', txid };
    } catch (error) {
      if (error instanceof NodeRpcError && error.kind === 'node') {
        if (error.code !== null && NEVER_CODES.has(error.code)) return { kind: 'failed', reason: `the node refused the payout: ${error.message}` };
        // Insufficient funds (-6), fee estimation or wallet errors (-4), a locked wallet (-13), a busy node:
        // nothing went out; the queue tries again.
        return { kind: 'retry', error: error.message };
      }
      return { kind: 'unknown', error: (error as Error).message };
    }
  }

  async follow(payout: ChainPayoutRow): Promise<FollowOutcome> {
    let tx: GetTransaction;
    try {
      tx = await this.rpc.call<GetTransaction>('gettransaction', [payout.txid, true]);
    } catch (error) {
      return { kind: 'error', error: (error as Error).message };
    }
    const feeMinor = typeof tx.fee === 'number' ? -coinNumberToMinor(tx.fee) : null;
    if (tx.confirmations > 0) {
      return { kind: 'pending', confirmations: tx.confirmations, block: tx.blockhash && tx.blockheight !== undefined ? { height: tx.blockheight, hash: tx.blockhash } : null, feeMinor };
    }
    if (tx.confirmations < 0) {
      // Conflicted: a mined transaction spends the same inputs, so this one can never be mined. If that
      // transaction is a send of this same payout (a fee bump), follow it; else the payout is unpaid.
      const sibling = await this.findLiveSend(payout).catch(() => undefined);
      if (sibling && sibling !== payout.txid) return { kind: 'replaced', txid: sibling };
      // Gone for good only once the conflicting transaction is as deep as a payment we would credit: a reorg
      // above that could bring ours back, and a resend then would pay twice.
      const depth = requiredConfirmations(payout.asset);
      if (-tx.confirmations < depth) {
        return { kind: 'error', error: `transaction ${payout.txid} is conflicted by a mined transaction ${-tx.confirmations} blocks deep; the payout is sent again once that is ${depth} deep` };
      }
      return { kind: 'gone', reason: `transaction ${payout.txid} was conflicted by a mined transaction (${-tx.confirmations} blocks deep)${tx.walletconflicts.length ? `: ${tx.walletconflicts.join(', ')}` : ''}` };
    }
    if (tx.details.some((detail) => detail.category === 'send' && detail.abandoned)) {
      return { kind: 'abandoned', reason: `transaction ${payout.txid} was abandoned in the node wallet before it was mined; it is not sent again because it could still be mined` };
    }
    if (!tx.replaced_by_txid && this.now().getTime() - payout.updated_at.getTime() >= this.bumpAfterMs) {
      // Stuck below the fees blocks now take: replace it (BIP125) with the same payment at the fee the node
      // estimates now. Only one of the two can be mined, both pay this payout, and the wallet keeps the
      // comment, so whichever is mined is found (follow, findLiveSend).
      try {
        const bumped = await this.rpc.call<{ txid: string }>('bumpfee', [payout.txid, { conf_target: CONF_TARGET }]);
        return { kind: 'replaced', txid: bumped.txid };
      } catch (error) {
        return { kind: 'error', error: `unmined since ${payout.updated_at.toISOString()}; the fee bump failed: ${(error as Error).message}` };
      }
    }
    return { kind: 'pending', confirmations: 0, block: null, feeMinor };
  }

  /** The txid of a send of this payout the wallet still pursues (not conflicted, not abandoned). */
  private async findLiveSend(payout: ChainPayoutRow): Promise<string | undefined> {
    const history = await this.rpc.call<WalletTx[]>('listtransactions', ['*', HISTORY_SEARCHED, 0, true]);
    const live = history.filter((tx) => tx.category === 'send' && tx.comment === payout.ref && tx.confirmations >= 0 && !tx.abandoned && !payout.replaced_txids.includes(tx.txid));
    // Most confirmed first: after a fee bump the mined one is the one to follow.
    live.sort((a, b) => b.confirmations - a.confirmations);
    return live[0]?.txid;
  }
}
