// The one place withdrawals reach the outside world: crypto goes to the chain layer (the test network
// in test mode), fiat to the TEST BANK, which accepts every transfer to a saved, checked IBAN but one.

import type { CryptoAsset } from '#core/assets.ts';
import { TEST_BANK_REJECTED_IBAN } from '#core/test-bank.ts';
import { sendPayout, validateAddress, type AddressCheck, type PayoutResult } from '../../chain/index.ts';
import type { Db } from '../../ledger/index.ts';

export function checkWithdrawalAddress(asset: CryptoAsset, address: string): AddressCheck {
  return validateAddress(asset, address);
}

export function payOutCrypto(trx: Db, input: { asset: CryptoAsset; address: string; amountMinor: bigint; ref: string }): Promise<PayoutResult> {
  return sendPayout(trx, input);
}

export { TEST_BANK_REJECTED_IBAN };

export type WireResult = { ok: true } | { ok: false; message: string };

/** The test bank settles every wire it is given except to TEST_BANK_REJECTED_IBAN; a live bank adapter would answer here. */
export function payOutWire(iban?: string): WireResult {
  if (iban === TEST_BANK_REJECTED_IBAN) return { ok: false, message: 'The receiving bank rejected the transfer (test bank: this IBAN is always rejected).' };
  return { ok: true };
}

/** "tb1qrr…mknr": enough to recognise one's own address, as the answer and the history show it. */
export function maskAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
}
