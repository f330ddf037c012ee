// Payouts for ETH and its ERC-20 tokens (USDT, USDC) from one hot wallet key, EVM_PAYOUT_KEY (env only;
// never logged, never stored: the database holds only what it signed).
//
// A payout is signed ONCE: its nonce is allocated and the signed transaction stored on the row in one
// database transaction, committed before the first broadcast. Every later attempt (after a crash, a timeout,
// a node that forgot it) rebroadcasts those same bytes, so two transactions for one payout can never both be
// mined. Nonces: the next one is max(the node's pending nonce for the signer, our highest live stored nonce
// + 1), under an advisory lock, so payouts signed at once get consecutive nonces even before the node has
// seen the first. Fees are EIP-1559: maxFeePerGas = latest base fee * 2 + the node's suggested priority fee
// (eth_maxPriorityFeePerGas), which survives several full blocks of base-fee rises, within the cap
// EVM_MAX_FEE_PER_GAS_GWEI.
//
// Re-pricing: a payout still unmined `repriceAfterMs` after its fees were signed (priced_at) is signed AGAIN
// with the same nonce and both fees raised (evm-fee-bump.ts), and that replacement is stored on the row (the
// hash it replaces kept in repriced_txids) before it is broadcast, as the first one was. Only one transaction
// per nonce can be mined, and any of the payout's can be (a node may still hold the old one), so following
// asks for a receipt of every one of them: whichever is mined completes the payout, once, under its own hash.
//
// Amounts: ETH wei = minor units * 10^10; USDT and USDC have 6 decimals on chain, so minor units / 100, and
// an amount with anything in its last two digits cannot be paid exactly and is refused at queue time.

import { sql } from 'kysely';
import { encodeFunctionData, erc20Abi, keccak256, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { CryptoAsset } from '#core/assets.ts';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import type { TokenAsset } from '#core/chain/networks.ts';
import type { Db } from '../../db/db.ts';
import { bumpedFees, cappedFees, gwei, type Eip1559Fees } from './evm-fee-bump.ts';
import { suggestedFees } from './evm-suggested-fees.ts';
import { storeReplacement } from './evm-replacement.ts';
import type { ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import { NodeRpcError, nodeRpc, type NodeRpc } from './node-rpc.ts';
import { BALANCE_TIMEOUT_MS, type FollowOutcome, type HotWalletBalance, type PayoutSender, type SendOutcome } from './payout-sender.ts';

const WEI_PER_MINOR = 10n ** 10n;
const TOKEN_UNITS_PER_MINOR = 100n;
/** 5 minutes: 25 Ethereum blocks, long after the base-fee headroom signed in (x2) would have carried it in. */
export const DEFAULT_REPRICE_AFTER_MS = 5 * 60 * 1000;
/** 200 gwei: above the base fee of all but the rarest mainnet spikes; EVM_MAX_FEE_PER_GAS_GWEI sets another. */
export const DEFAULT_MAX_FEE_PER_GAS = 200n * 1_000_000_000n;

type Receipt = { status: Hex; blockNumber: Hex; blockHash: string; gasUsed: Hex; effectiveGasPrice: Hex };

export interface EvmPayoutOptions {
  rpcUrl: string;
  /** 0x-prefixed 32-byte hex: EVM_PAYOUT_KEY. */
  privateKey: string;
  chainId: number;
  tokens: Record<TokenAsset, string>;
  /** Unmined this long after its fees were signed, a payout is re-priced (default DEFAULT_REPRICE_AFTER_MS). */
  repriceAfterMs?: number;
  /** The most wei per gas any payout is signed with (default DEFAULT_MAX_FEE_PER_GAS). */
  maxFeePerGas?: bigint;
  now?: () => Date;
}

/** The on-chain amount of a payout: wei for ETH, token units for USDT/USDC; null when it is not exact. */
export function onChainAmount(asset: CryptoAsset, amountMinor: bigint): bigint | null {
  if (asset === 'ETH') return amountMinor * WEI_PER_MINOR;
  if (asset === 'USDT' || asset === 'USDC') return amountMinor % TOKEN_UNITS_PER_MINOR === 0n ? amountMinor / TOKEN_UNITS_PER_MINOR : null;
  throw new Error(`evm payouts: ${asset} is not an EVM asset`);
}

function hexOf(value: bigint | number): Hex {
  return `0x${value.toString(16)}`;
}

export class EvmPayout implements PayoutSender {
  readonly family = 'ethereum' as const;
  readonly assets: readonly CryptoAsset[] = ['ETH', 'USDT', 'USDC'];
  readonly node: string;
  readonly address: `0x${string}`;
  private readonly rpc: NodeRpc;
  private readonly account: PrivateKeyAccount;
  readonly repriceAfterMs: number;
  /** The cap, in wei per gas. */
  readonly maxFeePerGas: bigint;
  private readonly now: () => Date;

  constructor(private readonly options: EvmPayoutOptions) {
    this.repriceAfterMs = options.repriceAfterMs ?? DEFAULT_REPRICE_AFTER_MS;
    this.maxFeePerGas = options.maxFeePerGas ?? DEFAULT_MAX_FEE_PER_GAS;
    this.now = options.now ?? (() => new Date());
    this.rpc = nodeRpc(options.rpcUrl, { version: '2.0' });
    this.node = this.rpc.maskedUrl;
    if (!/^0x[0-9a-fA-F]{64}$/.test(options.privateKey)) throw new Error('EVM_PAYOUT_KEY must be 0x followed by 64 hexadecimal characters');
    this.account = privateKeyToAccount(options.privateKey as Hex);
    this.address = this.account.address;
  }

  /** Whether this amount can be paid exactly on chain (the queue refuses it otherwise). */
  exact(asset: CryptoAsset, amountMinor: bigint): boolean {
    return onChainAmount(asset, amountMinor) !== null;
  }

  async balance(asset: CryptoAsset): Promise<HotWalletBalance> {
    // 'pending': a payout broadcast but not yet mined is already out of what we may promise.
    if (asset === 'ETH') {
      const wei = BigInt(await this.rpc.call<string>('eth_getBalance', [this.address, 'pending'], { timeoutMs: BALANCE_TIMEOUT_MS }));
      return { balanceMinor: wei / WEI_PER_MINOR, address: this.address };
    }
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [this.address] });
    const units = BigInt(await this.rpc.call<string>('eth_call', [{ to: this.tokenOf(asset), data }, 'pending'], { timeoutMs: BALANCE_TIMEOUT_MS }));
    return { balanceMinor: units * TOKEN_UNITS_PER_MINOR, address: this.address };
  }

  async send(db: Db, payout: ChainPayoutRow): Promise<SendOutcome> {
    let signed: ChainPayoutRow;
    if (payout.raw_tx) {
      signed = payout;
    } else {
      const prepared = await this.signAndStore(db, payout);
      if ('kind' in prepared) return prepared;
      signed = prepared;
    }
    return this.broadcast(db, signed);
  }

  async follow(payout: ChainPayoutRow, db: Db): Promise<FollowOutcome> {
    try {
      // Every hash of this nonce, newest first: the one mined (at most one can be) is the payout's transaction.
      for (const txid of [payout.txid!, ...[...payout.repriced_txids].reverse()]) {
        const receipt = await this.rpc.call<Receipt | null>('eth_getTransactionReceipt', [txid]);
        if (receipt) return this.mined(txid, receipt);
      }
      const known = await this.rpc.call<unknown>('eth_getTransactionByHash', [payout.txid]);
      if (!known) {
        // Neither mined nor in the node's pool. If the signer's nonce moved past ours, another transaction
        // took it (none of ours: their receipts were asked above) and ours can never be mined, once that is as
        // deep as a payment we would credit (a reorg above it could still bring ours back).
        const taken = await this.nonceTaken(payout);
        if (taken) return taken;
      }
      let refused: FollowOutcome | undefined;
      if (this.now().getTime() - (payout.priced_at ?? payout.broadcast_at ?? payout.updated_at).getTime() >= this.repriceAfterMs) {
        const repriced = await this.reprice(db, payout);
        if (repriced.kind === 'replaced') return repriced;
        refused = repriced;
      }
      // Dropped by the node (anvil drops what a block's base fee priced out; geth keeps it): hand it the same
      // bytes again. A node that refuses them now takes them once the base fee falls; the refusal to re-price
      // is then the reason worth showing.
      if (!known) {
        try {
          await this.sendRaw(payout.raw_tx!);
        } catch (error) {
          if (!refused) throw error;
        }
      }
      return refused ?? { kind: 'pending', confirmations: 0, block: null };
    } catch (error) {
      return { kind: 'error', error: (error as Error).message };
    }
  }

  private async mined(txid: string, receipt: Receipt): Promise<FollowOutcome> {
    const head = BigInt(await this.rpc.call<string>('eth_blockNumber'));
    const height = Number(BigInt(receipt.blockNumber));
    const block = { height, hash: receipt.blockHash };
    const feeMinor = (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)) / WEI_PER_MINOR;
    if (BigInt(receipt.status) === 0n) {
      return { kind: 'reverted', txid, reason: `the transaction ${txid} was mined in block ${height} but reverted (receipt status 0): nothing was paid`, block, feeMinor };
    }
    return { kind: 'pending', txid, confirmations: Number(head - BigInt(height) + 1n), block, feeMinor };
  }

  private async nonceTaken(payout: ChainPayoutRow): Promise<FollowOutcome | null> {
    const mined = BigInt(await this.rpc.call<string>('eth_getTransactionCount', [payout.signer, 'latest']));
    if (payout.nonce === null || mined <= payout.nonce) return null;
    const depth = requiredConfirmations(payout.asset);
    const head = BigInt(await this.rpc.call<string>('eth_blockNumber'));
    const deep = head - BigInt(depth) + 1n;
    const minedDeep = deep < 0n ? 0n : BigInt(await this.rpc.call<string>('eth_getTransactionCount', [payout.signer, hexOf(deep)]));
    if (minedDeep > payout.nonce) {
      return { kind: 'gone', reason: `nonce ${payout.nonce} of ${payout.signer} was used by another transaction (${depth}+ blocks deep); ${[...payout.repriced_txids, payout.txid].join(', ')} can never be mined` };
    }
    return { kind: 'error', error: `nonce ${payout.nonce} was used by another transaction; the payout is sent again once that is ${depth} blocks deep` };
  }

  /** Raises the fees within the cap, stores the replacement (evm-replacement.ts), and only then broadcasts it. */
  private async reprice(db: Db, payout: ChainPayoutRow): Promise<FollowOutcome> {
    const bump = bumpedFees({ maxFeePerGas: payout.max_fee_per_gas!, maxPriorityFeePerGas: payout.max_priority_fee_per_gas! }, await this.fees(), this.maxFeePerGas);
    if (!bump.ok) return { kind: 'error', error: bump.reason };
    const stored = await storeReplacement(db, payout, bump.fees, { account: this.account, chainId: this.options.chainId }, this.now());
    if (!stored) return { kind: 'error', error: 'the payout moved on while it was re-priced; looked at again next round' };
    const { raw, txid } = stored;
    const note = `re-priced ${payout.txid} to ${txid} (max fee ${feeText(bump.fees)}): unmined since ${(payout.priced_at ?? payout.broadcast_at ?? payout.updated_at).toISOString()}`;
    try {
      await this.sendRaw(raw);
      return { kind: 'replaced', txid, note };
    } catch (error) {
      // Stored, not in the pool: the one it replaces may still be mined, and the next round hands this one
      // to the node again (or re-prices it further once the wait has passed).
      return { kind: 'replaced', txid, note: `${note}; the node has not taken it yet: ${(error as Error).message}` };
    }
  }

  private async sendRaw(raw: string): Promise<void> {
    await this.rpc.call<string>('eth_sendRawTransaction', [raw]).catch((error: unknown) => {
      if (!isAlreadyKnown(error)) throw error;
    });
  }

  private tokenOf(asset: CryptoAsset): `0x${string}` {
    if (asset !== 'USDT' && asset !== 'USDC') throw new Error(`evm payouts: ${asset} is not a token`);
    return this.options.tokens[asset] as `0x${string}`;
  }

  /** Allocates the nonce, prices and signs the transaction, and stores it on the row: one database transaction. */
  private async signAndStore(db: Db, payout: ChainPayoutRow): Promise<ChainPayoutRow | SendOutcome> {
    const amount = onChainAmount(payout.asset, payout.amount_minor);
    if (amount === null) return { kind: 'failed', reason: `${payout.amount_minor} minor units of ${payout.asset} cannot be paid exactly with the token's 6 decimals` };
    const to = payout.address as `0x${string}`;
    const call = payout.asset === 'ETH' ? { to, value: amount, data: '0x' as Hex } : { to: this.tokenOf(payout.asset), value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) };
    try {
      const [gas, estimate] = await Promise.all([this.estimateGas(call), this.fees()]);
      if ('kind' in gas) return gas;
      const fees = cappedFees(estimate, this.maxFeePerGas);
      return await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`chain_payouts:nonce:${this.address.toLowerCase()}`}))`.execute(trx);
        const current = await trx.selectFrom('chain_payouts').selectAll().where('id', '=', payout.id).forUpdate().executeTakeFirstOrThrow();
        if (current.raw_tx) return current;
        const stored = await trx
          .selectFrom('chain_payouts')
          .select((eb) => eb.fn.max<bigint | null>('nonce').as('nonce'))
          .where('signer', '=', this.address)
          // Live nonces (signed and not failed, whatever the status: a refused broadcast waits in the queue with
          // its transaction) and nonces a mined transaction used; a failed unmined one is free again.
          .where((eb) => eb.or([eb('status', '<>', 'failed'), eb('block_hash', 'is not', null)]))
          .executeTakeFirstOrThrow();
        const pending = BigInt(await this.rpc.call<string>('eth_getTransactionCount', [this.address, 'pending']));
        const nonce = stored.nonce === null ? pending : bigMax(pending, BigInt(stored.nonce) + 1n);
        const raw = await this.account.signTransaction({
          type: 'eip1559',
          chainId: this.options.chainId,
          nonce: Number(nonce),
          to: call.to,
          value: call.value,
          data: call.data,
          gas: gas.gas,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
        return trx
          .updateTable('chain_payouts')
          .set({ raw_tx: raw, txid: keccak256(raw), nonce, signer: this.address, gas_limit: gas.gas, max_fee_per_gas: fees.maxFeePerGas, max_priority_fee_per_gas: fees.maxPriorityFeePerGas, priced_at: this.now(), updated_at: new Date() })
          .where('id', '=', payout.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      // Nothing is signed or stored unless the transaction above committed, and nothing was broadcast.
      return { kind: 'retry', error: (error as Error).message };
    }
  }

  private async broadcast(db: Db, payout: ChainPayoutRow): Promise<SendOutcome> {
    const txid = payout.txid!;
    try {
      const answered = await this.rpc.call<string>('eth_sendRawTransaction', [payout.raw_tx]);
      return { kind: 'broadcast', txid: answered.toLowerCase() === txid.toLowerCase() ? txid : answered };
    } catch (error) {
      if (isAlreadyKnown(error)) return { kind: 'broadcast', txid };
      if (error instanceof NodeRpcError && error.kind === 'node') {
        if (/nonce too low/i.test(error.message)) {
          // Our nonce is used: by this very transaction (mined already) or by another one.
          const ours = await this.rpc.call<unknown>('eth_getTransactionByHash', [txid]).catch(() => null);
          if (ours) return { kind: 'broadcast', txid };
          // Another transaction took the nonce: this signed one can never be mined; sign afresh next attempt.
          await db.updateTable('chain_payouts').set({ raw_tx: null, txid: null, nonce: null, updated_at: new Date() }).where('id', '=', payout.id).where('status', '=', 'sending').execute();
          return { kind: 'retry', error: `nonce ${payout.nonce} was taken by another transaction of the signer; signing again` };
        }
        return { kind: 'retry', error: error.message };
      }
      return { kind: 'unknown', error: (error as Error).message };
    }
  }

  private async estimateGas(call: { to: `0x${string}`; value: bigint; data: Hex }): Promise<{ gas: bigint } | SendOutcome> {
    try {
      const estimate = BigInt(await this.rpc.call<string>('eth_estimateGas', [{ from: this.address, to: call.to, value: hexOf(call.value), data: call.data }, 'pending']));
      // A plain transfer costs exactly its estimate; a contract call gets a margin for state that moves.
      return { gas: call.data === '0x' ? estimate : (estimate * 5n) / 4n };
    } catch (error) {
      if (error instanceof NodeRpcError && error.kind === 'node' && /revert/i.test(error.message)) {
        return { kind: 'failed', reason: `the transfer reverts when simulated, so it was not sent: ${error.message}` };
      }
      throw error;
    }
  }

  /** What the node suggests now, before the cap. */
  private fees(): Promise<Eip1559Fees> {
    return suggestedFees(this.rpc);
  }
}

function feeText(fees: Eip1559Fees): string {
  return `${gwei(fees.maxFeePerGas)} gwei, tip ${gwei(fees.maxPriorityFeePerGas)} gwei`;
}

function bigMax(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function isAlreadyKnown(error: unknown): boolean {
  return error instanceof NodeRpcError && error.kind === 'node' && /already known|known transaction|already imported|already exists/i.test(error.message);
}
