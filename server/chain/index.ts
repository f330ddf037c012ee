// The chain layer's public surface: what withdrawals, wallets and merchant payments call.

export { validateAddress } from './validate-address.ts';
export type { AddressCheck } from '#core/chain/address-format.ts';
// Payouts go through app.chain.payouts (server/chain/payouts/); the test network's refusing addresses are documented for tests and by hand.
export { REJECTED_PAYOUT_ADDRESSES } from './test-network-payout.ts';
export { addressReserve } from './address-reserve.ts';
export { allocateAddress, recordReservedAddress, walletAddressFor, walletAddressRecord, walletOwnerRef, type AllocateAddressInput, type AllocatedAddress, type ReservedAddress } from './addresses.ts';
