// The few node reads a watcher round makes, over the RPC client, with the node's answers typed and its
// failures turned into one NodeFailure that ends the round (the watcher backs off and keeps its cursor).
// The expected "not there" answers are values instead: a height above the node's tip (-8), a
// transaction that left the mempool between getrawmempool and getrawtransaction (-5).

import type { RpcBlock, RpcTransaction } from './block-outputs.ts';
import type { BitcoinRpcClient, RpcFailure, RpcResult } from './rpc-client.ts';

/** Bitcoin Core's RPC_INVALID_ADDRESS_OR_KEY: no such transaction or block. */
const NOT_FOUND = -5;
/** RPC_INVALID_PARAMETER: getblockhash above the tip. */
const OUT_OF_RANGE = -8;

export class NodeFailure extends Error {
  override readonly name = 'NodeFailure';
  constructor(readonly failure: RpcFailure) {
    super(failure.message);
  }
}

function need<T>(result: RpcResult<T>): T {
  if (!result.ok) throw new NodeFailure(result.error);
  return result.value;
}

function isNodeCode(result: RpcResult<unknown>, rpcCode: number): boolean {
  return !result.ok && result.error.code === 'node' && result.error.rpcCode === rpcCode;
}

export class NodeReader {
  /** getblock verbosity 2 of a full mainnet block is several megabytes of JSON: a few per request. */
  static readonly BLOCKS_PER_BATCH = 4;
  static readonly TRANSACTIONS_PER_BATCH = 200;
  static readonly HASHES_PER_BATCH = 500;

  constructor(private readonly rpc: BitcoinRpcClient) {}

  /** The node's tip, and which chain it runs ('main', 'test', 'regtest', 'signet'). */
  async tip(): Promise<{ height: number; hash: string; chain: string }> {
    const info = need(await this.rpc.call<{ blocks: number; bestblockhash: string; chain: string }>('getblockchaininfo'));
    return { height: info.blocks, hash: info.bestblockhash, chain: info.chain };
  }

  async blockHash(height: number): Promise<string> {
    return need(await this.rpc.call<string>('getblockhash', [height]));
  }

  /** The node's block hash at each height; null above its tip. */
  async blockHashes(heights: readonly number[]): Promise<(string | null)[]> {
    const hashes: (string | null)[] = [];
    for (let i = 0; i < heights.length; i += NodeReader.HASHES_PER_BATCH) {
      const answers = await this.rpc.batch<string>(heights.slice(i, i + NodeReader.HASHES_PER_BATCH).map((h) => ({ method: 'getblockhash', params: [h] })));
      for (const answer of answers) hashes.push(isNodeCode(answer, OUT_OF_RANGE) ? null : need(answer));
    }
    return hashes;
  }

  /** Decoded blocks (transactions included, amounts exact); null for a hash the node no longer has. */
  async blocks(hashes: readonly (string | null)[]): Promise<(RpcBlock | null)[]> {
    const wanted = hashes.filter((h): h is string => h !== null);
    const answers = await this.rpc.batch<RpcBlock>(wanted.map((hash) => ({ method: 'getblock', params: [hash, 2] })), { decimalKeys: ['value'] });
    const byHash = new Map(wanted.map((hash, i) => [hash, answers[i]!]));
    return hashes.map((hash) => {
      if (hash === null) return null;
      const answer = byHash.get(hash)!;
      return isNodeCode(answer, NOT_FOUND) ? null : need(answer);
    });
  }

  async mempoolTxids(): Promise<string[]> {
    return need(await this.rpc.call<string[]>('getrawmempool'));
  }

  /**
   * Whether each outpoint ("txid:vout") is an unspent output: of the chain alone (mempool = false), or of the
   * chain and the mempool together, a mempool transaction's outputs in, what mempool transactions spend out.
   */
  async unspent(outpoints: readonly string[], mempool: boolean): Promise<boolean[]> {
    const found: boolean[] = [];
    for (let i = 0; i < outpoints.length; i += NodeReader.TRANSACTIONS_PER_BATCH) {
      const calls = outpoints.slice(i, i + NodeReader.TRANSACTIONS_PER_BATCH).map((outpoint) => {
        const [txid, vout] = outpoint.split(':');
        return { method: 'gettxout', params: [txid, Number(vout), mempool] };
      });
      for (const answer of await this.rpc.batch<unknown>(calls)) found.push(need(answer) !== null);
    }
    return found;
  }

  /** Decoded transactions; those the node no longer has are left out. */
  async transactions(txids: readonly string[]): Promise<RpcTransaction[]> {
    const found: RpcTransaction[] = [];
    for (let i = 0; i < txids.length; i += NodeReader.TRANSACTIONS_PER_BATCH) {
      const calls = txids.slice(i, i + NodeReader.TRANSACTIONS_PER_BATCH).map((txid) => ({ method: 'getrawtransaction', params: [txid, true] }));
      for (const answer of await this.rpc.batch<RpcTransaction>(calls, { decimalKeys: ['value'] })) {
        if (!isNodeCode(answer, NOT_FOUND)) found.push(need(answer));
      }
    }
    return found;
  }
}
