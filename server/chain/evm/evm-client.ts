// The EVM node as the watcher sees it: a handful of JSON-RPC calls over HTTP (viem's transport), each
// answering a value or an EvmNodeError, never throwing for what a node or the network can do. viem's
// own retries are off (retryCount 0): the watcher backs off itself, and a retry inside one call would
// hide from status() that the node is failing.
//
// Secrets: credentials in the URL (http://user:pass@host) go into an Authorization header (fetch
// refuses URLs with credentials), and every message that leaves this file names the node by its
// masked URL only, because viem's errors quote the URL they called, API key in the path included.

import { createPublicClient, http, type Hash, type Hex, type PublicClient, type RpcBlock, type RpcLog, type RpcTransactionReceipt } from 'viem';
import { maskNodeUrl } from '../chain-config.ts';

export type EvmNodeErrorCode = 'unreachable' | 'timeout' | 'rpc_error' | 'bad_answer';

export interface EvmNodeError {
  code: EvmNodeErrorCode;
  /** Safe to log and show: the URL in it is masked. */
  message: string;
}

export type EvmResult<T> = { ok: true; value: T } | { ok: false; error: EvmNodeError };

/** The part of a block the watcher reads; transactions are full objects (eth_getBlockByNumber N true). */
export type EvmBlock = RpcBlock<'latest', true>;
export type EvmLog = RpcLog;
export type EvmReceipt = RpcTransactionReceipt;
export interface EvmTransaction {
  hash: Hash;
  blockNumber: Hex | null;
  blockHash: Hash | null;
}

export interface EvmClientOptions {
  /** One call's limit; a node slower than this counts as failing. */
  timeoutMs?: number;
}

export class EvmClient {
  /** The node's URL as it may be shown (password, key-looking path and query masked). */
  readonly maskedUrl: string;
  private readonly client: PublicClient;
  private readonly urlWithoutCredentials: string;

  constructor(rpcUrl: string, options: EvmClientOptions = {}) {
    const parsed = new URL(rpcUrl);
    const headers: Record<string, string> = {};
    if (parsed.username || parsed.password) {
      headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`;
      parsed.username = '';
      parsed.password = '';
    }
    this.urlWithoutCredentials = parsed.toString();
    this.maskedUrl = maskNodeUrl(rpcUrl);
    this.client = createPublicClient({
      transport: http(this.urlWithoutCredentials, { timeout: options.timeoutMs ?? 10_000, retryCount: 0, fetchOptions: { headers } }),
    });
  }

  /** The node's EIP-155 chain id. */
  chainId(): Promise<EvmResult<number>> {
    return this.call(async () => hexToNumber(await this.client.request({ method: 'eth_chainId' })));
  }

  blockNumber(): Promise<EvmResult<number>> {
    return this.call(async () => hexToNumber(await this.client.request({ method: 'eth_blockNumber' })));
  }

  /** The block at `height` with its transactions; null when the node has no block there (yet). */
  block(height: number): Promise<EvmResult<EvmBlock | null>> {
    return this.call(async () => (await this.client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(height), true] })) as EvmBlock | null);
  }

  /** The hash and parent of the block at `height` (no transactions): the fork check's question. */
  blockHeader(height: number): Promise<EvmResult<{ hash: Hash; parentHash: Hash } | null>> {
    return this.call(async () => {
      const block = await this.client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(height), false] });
      return block ? { hash: block.hash as Hash, parentHash: block.parentHash } : null;
    });
  }

  /** Every receipt of a block at once; `unsupported` when the node lacks eth_getBlockReceipts. */
  async blockReceipts(blockHash: Hash): Promise<EvmResult<EvmReceipt[] | null> | { ok: false; unsupported: true; error: EvmNodeError }> {
    const result = await this.call(async () => (await this.client.request({ method: 'eth_getBlockReceipts', params: [blockHash] })) as EvmReceipt[] | null);
    if (!result.ok && result.error.code === 'rpc_error') return { ok: false, unsupported: true, error: result.error };
    return result;
  }

  /** Null while the transaction is not mined (pending, or unknown to the node). */
  receipt(txid: Hash): Promise<EvmResult<EvmReceipt | null>> {
    return this.call(async () => (await this.client.request({ method: 'eth_getTransactionReceipt', params: [txid] })) as EvmReceipt | null);
  }

  /** Null when the node knows nothing of it (not mined, not pending); blockNumber null while pending. */
  transaction(txid: Hash): Promise<EvmResult<EvmTransaction | null>> {
    return this.call(async () => (await this.client.request({ method: 'eth_getTransactionByHash', params: [txid] })) as EvmTransaction | null);
  }

  /** Logs of `contracts` with first topic `topic0`, blocks from..to inclusive (the caller pages the range). */
  logs(contracts: readonly Hex[], topic0: Hex, from: number, to: number): Promise<EvmResult<EvmLog[]>> {
    return this.call(async () => (await this.client.request({ method: 'eth_getLogs', params: [{ address: [...contracts], topics: [topic0], fromBlock: numberToHex(from), toBlock: numberToHex(to) }] })) as EvmLog[]);
  }

  private async call<T>(run: () => Promise<T>): Promise<EvmResult<T>> {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      return { ok: false, error: this.nodeError(error) };
    }
  }

  private nodeError(error: unknown): EvmNodeError {
    const name = error instanceof Error ? error.name : '';
    const short = (error as { shortMessage?: string }).shortMessage ?? (error instanceof Error ? error.message : String(error));
    const details = (error as { details?: string }).details;
    const code: EvmNodeErrorCode = name === 'TimeoutError' ? 'timeout' : name === 'HttpRequestError' ? 'unreachable' : name === 'InvalidHexValueError' || name === 'bad_answer' ? 'bad_answer' : 'rpc_error';
    const text = details && !short.includes(details) ? `${short} ${details}` : short;
    return { code, message: `${this.maskedUrl}: ${this.mask(text)}` };
  }

  private mask(text: string): string {
    return text.split(this.urlWithoutCredentials).join(this.maskedUrl).split(this.urlWithoutCredentials.replace(/\/$/, '')).join(this.maskedUrl);
  }
}

export function hexToNumber(hex: string): number {
  const value = Number.parseInt(hex, 16);
  if (!Number.isSafeInteger(value)) throw Object.assign(new Error(`not a block number: ${hex}`), { name: 'bad_answer' });
  return value;
}

export function numberToHex(value: number): Hex {
  return `0x${value.toString(16)}`;
}
