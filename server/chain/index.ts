// The chain layer's public surface: what withdrawals, wallets and merchant payments call.

export { validateAddress } from './validate-address.ts';
export type { AddressCheck } from '#core/chain/address-format.ts';
export { sendPayout, REJECTED_PAYOUT_ADDRESSES, type PayoutInput, type PayoutResult } from './test-network-payout.ts';
export { allocateAddress, walletAddressFor, walletAddressRecord, walletOwnerRef, type AllocateAddressInput, type AllocatedAddress } from './addresses.ts';
