// The payout adapter for MODE=test without nodes: the built-in test network (../test-network-payout.ts) behind
// the same queue, worker and handlers as real nodes, so withdrawals, deliveries and refunds have ONE payout
// path in every mode. Its hot wallet is unbounded (test coins), its refusals are the documented rejected
// addresses (they fail the payout at send time, as a node refusing it would), and its confirmations are
// the test network's blocks.

import { CRYPTO, type CryptoAsset } from '#core/assets.ts';
import { FAMILY_OF, type ChainFamily } from '#core/chain/networks.ts';
import type { Db } from '../../db/db.ts';
import type { ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import { REJECTED_PAYOUT_ADDRESSES, sendPayout } from '../test-network-payout.ts';
import type { FollowOutcome, HotWalletBalance, PayoutSender, SendOutcome } from './payout-sender.ts';

/** What the console shows as the test network's balance: more than any test will pay. */
export const TEST_NETWORK_HOT_WALLET_MINOR = 10n ** 17n;

export class TestNetworkPayoutSender implements PayoutSender {
  readonly assets: readonly CryptoAsset[];
  readonly node = 'built-in test network';
  readonly virtual = true;

  constructor(
    readonly family: ChainFamily,
    private readonly db: Db,
  ) {
    this.assets = CRYPTO.filter((asset) => FAMILY_OF[asset] === family);
  }

  async balance(): Promise<HotWalletBalance> {
    return { balanceMinor: TEST_NETWORK_HOT_WALLET_MINOR, address: null };
  }

  refuses(asset: CryptoAsset, address: string): string | null {
    return address.toLowerCase() === REJECTED_PAYOUT_ADDRESSES[FAMILY_OF[asset]].toLowerCase() ? 'The test network refuses payouts to this address: it is the documented test address that always rejects payouts.' : null;
  }

  async send(db: Db, payout: ChainPayoutRow): Promise<SendOutcome> {
    // sendPayout is idempotent by ref: a repeated send answers the first txid.
    const sent = await sendPayout(db, { asset: payout.asset, address: payout.address, amountMinor: payout.amount_minor, ref: payout.ref });
    return sent.ok ? { kind: 'broadcast', txid: sent.txid } : { kind: 'failed', reason: sent.message };
  }

  async follow(payout: ChainPayoutRow): Promise<FollowOutcome> {
    const tx = await this.db.selectFrom('test_network_txs').select('block_height').where('txid', '=', payout.txid!).executeTakeFirst();
    if (!tx) return { kind: 'error', error: `the test network does not know ${payout.txid}` };
    if (tx.block_height === null) return { kind: 'pending', confirmations: 0, block: null };
    const { tip_height: tip } = await this.db.selectFrom('test_network_state').select('tip_height').executeTakeFirstOrThrow();
    return { kind: 'pending', confirmations: Number(tip - tx.block_height + 1n), block: { height: Number(tx.block_height), hash: `test-network-block-${tx.block_height}` } };
  }
}

/** One per chain family: the process's payout adapters on the built-in test network. */
export function testNetworkPayoutSenders(db: Db): PayoutSender[] {
  return (['bitcoin', 'litecoin', 'bitcoincash', 'ethereum'] as const).map((family) => new TestNetworkPayoutSender(family, db));
}
