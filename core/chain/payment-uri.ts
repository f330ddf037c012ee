// Payment request URIs that wallets open from a QR code or a link:
//   BIP21    bitcoin:<address>?amount=0.0012   litecoin:...   bitcoincash:q...?amount=... (the CashAddr
//            prefix is the scheme; on the test network it is bchtest:)
//   EIP-681  ethereum:<address>@<chainId>?value=<wei>                                   (ETH)
//            ethereum:<token contract>@<chainId>/transfer?address=<to>&uint256=<units>   (USDT, USDC)
// The amount is whole coins in BIP21 and integer base units on Ethereum. Our ledger keeps 8 decimals
// for every crypto asset; a token has 6 on chain, so a request is rounded UP to the next base unit:
// a payer who sends what the QR code says has never paid too little.

import type { CryptoAsset } from '../assets.ts';
import { CRYPTO_DECIMALS } from '../assets.ts';
import { divideRounded, formatMinor } from '../money.ts';
import { CASHADDR_PREFIX, EVM_CHAIN_ID, FAMILY_OF, isToken, ON_CHAIN_DECIMALS, TOKEN_CONTRACTS, type NetworkKind } from './networks.ts';

/** "0.00120000" -> "0.0012", "1.00000000" -> "1": BIP21 amounts carry no needless zeros. */
function bip21Amount(amountMinor: bigint, asset: CryptoAsset): string {
  return formatMinor(amountMinor, asset).replace(/\.?0+$/, '');
}

/** 8-decimal minor units to the chain's base units (wei for ETH), rounded up. */
export function toOnChainUnits(amountMinor: bigint, asset: CryptoAsset): bigint {
  const shift = ON_CHAIN_DECIMALS[asset] - CRYPTO_DECIMALS;
  if (shift >= 0) return amountMinor * 10n ** BigInt(shift);
  return divideRounded(amountMinor, 10n ** BigInt(-shift), 'up');
}

/**
 * The URI asking for `amountMinor` of `asset` at `address` (already validated, canonical form).
 * Without an amount (null) it names just the address, for a wallet's standing deposit address.
 */
export function paymentUri(asset: CryptoAsset, address: string, amountMinor: bigint | null, network: NetworkKind): string {
  if (amountMinor !== null && amountMinor <= 0n) throw new RangeError(`paymentUri: amount must be positive, got ${amountMinor}`);
  const family = FAMILY_OF[asset];
  if (family === 'ethereum') {
    const chainId = EVM_CHAIN_ID[network];
    if (isToken(asset)) {
      const base = `ethereum:${TOKEN_CONTRACTS[asset][network]}@${chainId}/transfer?address=${address}`;
      return amountMinor === null ? base : `${base}&uint256=${toOnChainUnits(amountMinor, asset)}`;
    }
    return amountMinor === null ? `ethereum:${address}@${chainId}` : `ethereum:${address}@${chainId}?value=${toOnChainUnits(amountMinor, asset)}`;
  }
  const target =
    family === 'bitcoincash'
      ? address.includes(':') ? address : `${CASHADDR_PREFIX[network]}:${address}`
      : `${family}:${address}`;
  return amountMinor === null ? target : `${target}?amount=${bip21Amount(amountMinor, asset)}`;
}
