// What a decoded block or transaction (getblock HASH 2, getrawtransaction TXID true) pays, as the watcher
// needs it: per (txid, address) the SUM of its outputs in exact satoshis (the pipeline's row is unique on
// asset, txid and address, so two outputs of one transaction to one address are one payment), and the
// outpoints each transaction spends (how a replacement is told from a drop). Pure: no node, no database.
//
// Amounts: the RPC client hands `value` over as the node's own decimal text (decimalKeys ['value']), which
// converts to satoshis exactly; a plain number (a recorded fixture, another client) goes through
// Math.round(value * 1e8), exact below about 22 million coins, which covers every real output.
//
// Addresses: newer nodes give scriptPubKey.address, Litecoin Core 0.21 (and Bitcoin Core before 22)
// scriptPubKey.addresses[0]; outputs without one (OP_RETURN, bare multisig, MWEB's hidden outputs) pay
// nobody we know. Bitcoin Cash Node gives CashAddr with its prefix; it is brought to our stored spelling.
//
// Coinbase outputs are skipped: they cannot be spent for 100 blocks, and no one pays an invoice by mining.

import { Address } from '@scure/btc-signer';
import { encodeCashAddr } from '#core/chain/cashaddr.ts';
import { CASHADDR_PREFIX, SEGWIT_PARAMS, type ChainFamily, type NetworkKind } from '#core/chain/networks.ts';

export interface RpcScriptPubKey {
  address?: string;
  addresses?: string[];
  type?: string;
}

export interface RpcOutput {
  /** Coins, as the node's decimal text (or a number). */
  value: string | number;
  n: number;
  scriptPubKey?: RpcScriptPubKey;
}

export interface RpcInput {
  txid?: string;
  vout?: number;
  coinbase?: string;
}

export interface RpcTransaction {
  txid: string;
  vin: RpcInput[];
  vout: RpcOutput[];
  /** Set by getrawtransaction when the transaction is already in a block (with -txindex). */
  blockhash?: string;
}

export interface RpcBlock {
  hash: string;
  height: number;
  previousblockhash?: string;
  tx: RpcTransaction[];
}

/** One transaction's payment to one address. */
export interface TxPayment {
  txid: string;
  address: string;
  amountMinor: bigint;
}

/** A coin amount in satoshis, exactly. Throws on something that is not an amount: a node bug, not a user's. */
export function satoshisOf(value: string | number): bigint {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw new Error(`block-outputs: impossible output value ${value}`);
    return BigInt(Math.round(value * 1e8));
  }
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(value);
  if (!match) {
    // Exponent notation or more than 8 decimals: not how nodes print amounts, but a number still.
    return satoshisOf(Number(value));
  }
  return BigInt(match[1]!) * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'));
}

/** The address an output pays, in the spelling chain_addresses stores; null when it pays no single address. */
export function outputAddress(output: RpcOutput, family: ChainFamily, network: NetworkKind): string | null {
  const script = output.scriptPubKey;
  const raw = script?.address ?? script?.addresses?.[0];
  if (!raw) return null;
  return family === 'bitcoincash' ? cashAddrSpelling(raw, network) : raw;
}

/** Bitcoin Cash: 'prefix:body' in lower case; a legacy base58 address (a node run with -usecashaddr=0) converted. */
function cashAddrSpelling(raw: string, network: NetworkKind): string | null {
  const prefix = CASHADDR_PREFIX[network];
  const lower = raw.toLowerCase();
  if (lower.includes(':')) return lower;
  if (/^[qp][02-9ac-hj-np-z]{41}$/.test(lower)) return `${prefix}:${lower}`;
  try {
    const decoded = Address(SEGWIT_PARAMS.bitcoin[network]).decode(raw);
    if (decoded.type === 'pkh') return encodeCashAddr(prefix, 'p2pkh', decoded.hash);
    if (decoded.type === 'sh') return encodeCashAddr(prefix, 'p2sh', decoded.hash);
  } catch {
    // Not an address of this network: it cannot be ours.
  }
  return null;
}

export function isCoinbase(tx: RpcTransaction): boolean {
  return tx.vin.length > 0 && tx.vin[0]!.coinbase !== undefined;
}

/** What one transaction pays, summed per address, in output order of first appearance. */
export function transactionPayments(tx: RpcTransaction, family: ChainFamily, network: NetworkKind): TxPayment[] {
  if (isCoinbase(tx)) return [];
  const sums = new Map<string, bigint>();
  for (const output of tx.vout) {
    const address = outputAddress(output, family, network);
    if (address === null) continue;
    const amount = satoshisOf(output.value);
    if (amount === 0n) continue;
    sums.set(address, (sums.get(address) ?? 0n) + amount);
  }
  return [...sums].map(([address, amountMinor]) => ({ txid: tx.txid, address, amountMinor }));
}

/** Every payment of every transaction in a block. */
export function blockPayments(block: RpcBlock, family: ChainFamily, network: NetworkKind): TxPayment[] {
  return block.tx.flatMap((tx) => transactionPayments(tx, family, network));
}

/** The outpoints ('txid:vout') a transaction spends; none for a coinbase. */
export function spentOutpoints(tx: RpcTransaction): string[] {
  if (isCoinbase(tx)) return [];
  return tx.vin.filter((input) => input.txid !== undefined && input.vout !== undefined).map((input) => `${input.txid}:${input.vout}`);
}
