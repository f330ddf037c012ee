// Where fiat withdrawals reach the outside world: the TEST BANK, which accepts every transfer to a saved,
// checked IBAN but one. Crypto goes through the chain payouts (payout-worker.ts, server/chain/payouts/).

import { TEST_BANK_REJECTED_IBAN } from '#core/test-bank.ts';

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
