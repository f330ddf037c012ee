// The payout layer as one service: the adapters configured for this process (one per chain family with a
// node), the purposes' handlers, the queue and the worker. The chain plugin builds one and exposes it; a
// family without a node has no adapter, and its payouts are refused at queue time ('payout_unavailable').
// Each family with a hot wallet has a fee quoter too (payout-fee-quote.ts): the queue reserves a network fee
// per payout with it. Without one (scripted tests, the test network) no fee is reserved.

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import { FAMILY_OF, type NetworkKind } from '#core/chain/networks.ts';
import type { Db } from '../../db/db.ts';
import type { Database } from '../../db/schema.ts';
import type { ChainPayoutPurpose } from '../../db/tables/chain-payouts.ts';
import { hotWalletBalances, type HotWalletLine } from './hot-wallet-balances.ts';
import { PayoutHandlerRegistry, type PayoutHandlers } from './payout-handlers.ts';
import type { PayoutFeeQuoter } from './payout-fee-quote.ts';
import type { PayoutSender } from './payout-sender.ts';
import { PayoutWorker, type PayoutWorkerOptions } from './payout-worker.ts';
import { queuePayout, type QueuePayoutInput, type QueuePayoutResult } from './queue-payout.ts';

export interface ChainPayoutsOptions {
  db: Kysely<Database>;
  network: NetworkKind;
  senders: readonly PayoutSender[];
  /** One per family with a hot wallet (payoutFeeQuotersFrom); default none. */
  fees?: readonly PayoutFeeQuoter[];
  log: FastifyBaseLogger;
  worker?: PayoutWorkerOptions;
}

export class ChainPayouts {
  readonly worker: PayoutWorker;
  private readonly registry = new PayoutHandlerRegistry();
  private readonly senders: readonly PayoutSender[];
  private readonly fees: readonly PayoutFeeQuoter[];
  private readonly network: NetworkKind;
  private readonly db: Kysely<Database>;

  constructor(options: ChainPayoutsOptions) {
    this.db = options.db;
    this.network = options.network;
    this.senders = options.senders;
    this.fees = options.fees ?? [];
    this.worker = new PayoutWorker(options.db, this.registry, options.senders, options.log, options.worker);
  }

  onPayout(purpose: ChainPayoutPurpose, handlers: PayoutHandlers): void {
    this.registry.onPayout(purpose, handlers);
  }

  /** Inside the caller's transaction; see queue-payout.ts. */
  queuePayout(trx: Db, input: QueuePayoutInput): Promise<QueuePayoutResult> {
    return queuePayout(trx, input, { network: this.network, senderFor: (asset) => this.senderFor(asset), feeQuoterFor: (asset) => this.fees.find((quoter) => quoter.family === FAMILY_OF[asset]) });
  }

  /** Why a payout to this address is known to fail at send time, or null (see PayoutSender.refuses). */
  knownRefusal(asset: CryptoAsset, address: string): string | null {
    return this.senderFor(asset)?.refuses?.(asset, address) ?? null;
  }

  hotWalletBalances(): Promise<HotWalletLine[]> {
    return hotWalletBalances(this.db, this.senders);
  }

  senderFor(asset: CryptoAsset): PayoutSender | undefined {
    return this.senders.find((sender) => sender.assets.includes(asset));
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
