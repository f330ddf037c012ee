// Outbound payments (crypto withdrawals) on the test network. A withdrawal calls sendPayout inside its
// own database transaction, so the payout exists exactly when the withdrawal's ledger posting does.
//
// The test network refuses payouts to one documented address per chain family, so the failed-
// withdrawal path can be exercised by hand and in tests. They are the addresses of the public key of
// the BIP32 master key whose seed is sha256("paykit test network: payouts to this key are rejected")
// (hd-keys.test.ts derives them again):
//   BTC   tb1qrrtyv9fmk6r2gsxqulqvru37euq4s0vyc9mknr
//   LTC   tltc1qrrtyv9fmk6r2gsxqulqvru37euq4s0vypdegr2
//   BCH   bchtest:qqvdv3s48wmgdfzqcrnups0j8m8szkpassg779qrn9
//   ETH, USDT, USDC   0xc2a1fa5B5B1504F881E0A15dD495C77ed88f667e

import { randomBytes } from 'node:crypto';
import type { CryptoAsset } from '#core/assets.ts';
import { validateAddress } from '#core/chain/address-format.ts';
import { FAMILY_OF, type ChainFamily } from '#core/chain/networks.ts';
import type { Db } from '../db/db.ts';

export const REJECTED_PAYOUT_SEED_TEXT = 'paykit test network: payouts to this key are rejected';

export const REJECTED_PAYOUT_ADDRESSES: Readonly<Record<ChainFamily, string>> = {
  bitcoin: 'tb1qrrtyv9fmk6r2gsxqulqvru37euq4s0vyc9mknr',
  litecoin: 'tltc1qrrtyv9fmk6r2gsxqulqvru37euq4s0vypdegr2',
  bitcoincash: 'bchtest:qqvdv3s48wmgdfzqcrnups0j8m8szkpassg779qrn9',
  ethereum: '0xc2a1fa5B5B1504F881E0A15dD495C77ed88f667e',
};

export interface PayoutInput {
  asset: CryptoAsset;
  address: string;
  /** 8-decimal minor units, > 0. */
  amountMinor: bigint;
  /** The withdrawal's id (money_transactions.public_id): a second call with it sends nothing new. */
  ref: string;
}

export type PayoutResult = { ok: true; txid: string } | { ok: false; code: 'payout_rejected'; message: string };

/** A transaction id in the chain's own spelling: 64 hex digits, 0x-prefixed on Ethereum. */
export function newTxid(asset: CryptoAsset): string {
  const hex = randomBytes(32).toString('hex');
  return FAMILY_OF[asset] === 'ethereum' ? `0x${hex}` : hex;
}

/**
 * Broadcast a payout on the test network. Idempotent by `ref`: the same ref with the same asset,
 * address and amount answers the first txid; the same ref with other details is a bug and throws.
 */
export async function sendPayout(trx: Db, input: PayoutInput): Promise<PayoutResult> {
  if (input.amountMinor <= 0n) throw new RangeError(`sendPayout: amount must be positive, got ${input.amountMinor}`);
  const checked = validateAddress(input.asset, input.address, 'test');
  if (!checked.ok) return { ok: false, code: 'payout_rejected', message: `The test network refused the payout: ${checked.message}` };
  if (checked.address.toLowerCase() === REJECTED_PAYOUT_ADDRESSES[FAMILY_OF[input.asset]].toLowerCase()) {
    return { ok: false, code: 'payout_rejected', message: 'The test network refused the payout: this address is the documented test address that always rejects payouts.' };
  }
  const inserted = await trx
    .insertInto('test_network_txs')
    .values({ txid: newTxid(input.asset), asset: input.asset, address: checked.address, amount_minor: input.amountMinor, kind: 'payout', payout_ref: input.ref, block_height: null })
    .onConflict((oc) => oc.column('payout_ref').doNothing())
    .returning('txid')
    .executeTakeFirst();
  if (inserted) return { ok: true, txid: inserted.txid };
  const earlier = await trx.selectFrom('test_network_txs').select(['txid', 'asset', 'address', 'amount_minor']).where('payout_ref', '=', input.ref).executeTakeFirstOrThrow();
  if (earlier.asset !== input.asset || earlier.address !== checked.address || earlier.amount_minor !== input.amountMinor) {
    throw new Error(`sendPayout: ref ${input.ref} was already used for a different payout`);
  }
  return { ok: true, txid: earlier.txid };
}
