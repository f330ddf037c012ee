// A stuck EVM payout's replacement, signed and stored on its row BEFORE anything is broadcast (as its first
// transaction was): the same nonce, recipient, amount, data and gas as the stored transaction, only the fees
// raised. The hash it replaces goes to repriced_txids, since that transaction can still be mined.

import { keccak256, parseTransaction, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Db } from '../../db/db.ts';
import type { ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import type { Eip1559Fees } from './evm-fee-bump.ts';

export interface StoredReplacement {
  raw: Hex;
  txid: Hex;
}

/** The replacement stored on the row, or null when the row moved on meanwhile (nothing stored, nothing to send). */
export async function storeReplacement(db: Db, payout: ChainPayoutRow, fees: Eip1559Fees, signer: { account: PrivateKeyAccount; chainId: number }, now: Date): Promise<StoredReplacement | null> {
  const signed = parseTransaction(payout.raw_tx as Hex);
  if (signed.type !== 'eip1559' || signed.nonce === undefined || signed.to == null || signed.gas === undefined) {
    throw new Error(`evm payouts: the stored transaction of ${payout.ref} is not an EIP-1559 transaction`);
  }
  const raw = await signer.account.signTransaction({ type: 'eip1559', chainId: signer.chainId, nonce: signed.nonce, to: signed.to, value: signed.value ?? 0n, data: signed.data ?? '0x', gas: signed.gas, ...fees });
  const txid = keccak256(raw);
  const stored = await db
    .updateTable('chain_payouts')
    .set({ raw_tx: raw, txid, repriced_txids: [...payout.repriced_txids, payout.txid!], max_fee_per_gas: fees.maxFeePerGas, max_priority_fee_per_gas: fees.maxPriorityFeePerGas, priced_at: now, updated_at: now })
    // Only the row as this round read it: another worker's round (or a mined receipt recorded) wins.
    .where('id', '=', payout.id)
    .where('status', '=', 'broadcast')
    .where('txid', '=', payout.txid)
    .executeTakeFirst();
  return stored.numUpdatedRows === 0n ? null : { raw, txid };
}
