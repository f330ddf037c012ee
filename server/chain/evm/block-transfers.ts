// What one EVM block pays, in our terms: native ether in its transactions and ERC-20 Transfer logs of
// the configured token contracts, as (asset, txid, address, amount in our 8-decimal minor units).
// Pure: the watcher fetches the block and the logs, asks the database which of the addresses are ours,
// and tells which transactions failed; this file only reads and sums.
//
// What is NOT seen, by design: ether that reaches one of our addresses through a contract's internal
// call (a multisig or a smart wallet forwarding a payment) shows only in execution traces, which most
// nodes do not serve; tokens other than the configured contracts; and a token whose contract moves
// balances without emitting the standard Transfer event.

import { getAddress, type Hash, type Hex } from 'viem';
import type { CryptoAsset } from '#core/assets.ts';
import type { TokenAsset } from '#core/chain/networks.ts';
import type { ChainObservation } from '../payment-pipeline.ts';
import type { EvmBlock, EvmLog } from './evm-client.ts';

/** keccak256("Transfer(address,address,uint256)"): the first topic of every ERC-20 transfer. */
export const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/**
 * One minor unit of ETH (8 decimals) is 10^10 wei. A remainder below that is NOT credited: our ledger
 * cannot hold it, and rounding up would credit money that did not arrive. A payment below 10^10 wei
 * in total is dust and is ignored.
 */
export const WEI_PER_MINOR = 10n ** 10n;
/** USDT and USDC carry 6 decimals on chain; our ledger keeps 8. */
export const TOKEN_MINOR_PER_UNIT = 100n;

export interface BlockTransfer {
  asset: CryptoAsset;
  txid: Hash;
  /** EIP-55 spelling, as chain_addresses stores it. */
  address: string;
  /** Native: wei; tokens: the token's own 6-decimal units. Converted once summed. */
  rawAmount: bigint;
}

/** The token each configured contract is, by lower-case contract address. */
export function tokenContractIndex(tokens: Readonly<Record<TokenAsset, string>>): Map<string, TokenAsset> {
  return new Map(Object.entries(tokens).map(([asset, contract]) => [contract.toLowerCase(), asset as TokenAsset]));
}

/** Every transfer the block could pay us with, ours or not (the caller matches addresses). */
export function transfersOfBlock(block: EvmBlock, logs: readonly EvmLog[], tokenByContract: ReadonlyMap<string, TokenAsset>): BlockTransfer[] {
  const transfers: BlockTransfer[] = [];
  for (const tx of block.transactions) {
    if (!tx.to) continue; // a contract creation pays no one of ours
    const wei = BigInt(tx.value);
    if (wei < WEI_PER_MINOR) continue;
    transfers.push({ asset: 'ETH', txid: tx.hash, address: getAddress(tx.to), rawAmount: wei });
  }
  for (const log of logs) {
    const asset = tokenByContract.get(log.address.toLowerCase());
    // ERC-721's Transfer has the same signature with a third indexed topic: not a token amount.
    if (!asset || log.removed || log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3 || log.transactionHash === null) continue;
    if (log.blockHash !== block.hash) continue;
    const to = log.topics[2]!;
    const amount = log.data === '0x' ? 0n : BigInt(log.data);
    if (amount === 0n) continue;
    transfers.push({ asset, txid: log.transactionHash, address: getAddress(`0x${to.slice(26)}`), rawAmount: amount });
  }
  return transfers;
}

export function addressesOf(transfers: readonly BlockTransfer[]): string[] {
  return [...new Set(transfers.map((transfer) => transfer.address))];
}

export function ownedKey(asset: CryptoAsset, address: string): string {
  return `${asset}:${address}`;
}

export interface ObservationContext {
  /** ownedKey(asset, address) of every (asset, address) pair that is ours. */
  ours: ReadonlySet<string>;
  /** Transactions whose receipt says status 0: they moved no ether (their logs never exist). */
  failed: ReadonlySet<string>;
  block: { height: number; hash: string };
  confirmations: number;
}

/** Our transfers, one observation per (txid, address, asset), amounts summed then converted. */
export function observationsOf(transfers: readonly BlockTransfer[], context: ObservationContext): ChainObservation[] {
  const sums = new Map<string, BlockTransfer>();
  for (const transfer of transfers) {
    if (!context.ours.has(ownedKey(transfer.asset, transfer.address))) continue;
    if (transfer.asset === 'ETH' && context.failed.has(transfer.txid)) continue;
    const key = `${transfer.txid}:${transfer.address}:${transfer.asset}`;
    const sum = sums.get(key);
    if (sum) sum.rawAmount += transfer.rawAmount;
    else sums.set(key, { ...transfer });
  }
  const observations: ChainObservation[] = [];
  for (const sum of sums.values()) {
    const amountMinor = sum.asset === 'ETH' ? sum.rawAmount / WEI_PER_MINOR : sum.rawAmount * TOKEN_MINOR_PER_UNIT;
    if (amountMinor <= 0n) continue;
    observations.push({ asset: sum.asset, address: sum.address, txid: sum.txid, amountMinor, confirmations: context.confirmations, block: context.block });
  }
  return observations;
}

/** The native transfers to us whose success the watcher must check on their receipts. */
export function nativeTxidsToCheck(transfers: readonly BlockTransfer[], ours: ReadonlySet<string>): Hash[] {
  return [...new Set(transfers.filter((t) => t.asset === 'ETH' && ours.has(ownedKey('ETH', t.address))).map((t) => t.txid))];
}
