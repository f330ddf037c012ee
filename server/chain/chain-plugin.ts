// `app.chain`: the chain layer as one service. It owns the payment pipeline (address purposes register
// their handlers on it), the keys addresses are derived from, which backend serves each chain family
// (chain-config.ts: the built-in test network, a node, or off), and the watchers, which start when the
// app is ready and stop cleanly when the app closes.

import type { CryptoAsset } from '#core/assets.ts';
import type { AddressCheck } from '#core/chain/address-format.ts';
import { CHAIN_FAMILIES, type NetworkKind } from '#core/chain/networks.ts';
import type { Env } from '../env.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { useChainKeys } from './addresses.ts';
import type { ChainWatcherStatus } from './chain-watcher.ts';
import { ChainStatusBoard } from './chain-status-board.ts';
import { keysFromEnvironment, keysFromSeed, seedFromMnemonic, testChainKeys, TEST_MNEMONIC } from './hd-keys.ts';
import { availableAssets, chainSettingsFrom, type ChainSettings } from './chain-config.ts';
import { PaymentPipeline, type PurposeHandlers } from './payment-pipeline.ts';
import { ChainPayouts } from './payouts/chain-payouts.ts';
import { BitcoinRpcClient, BitcoinWatcher } from './bitcoin/index.ts';
import { EvmWatcher } from './evm/index.ts';
import type { ChainWatcher } from './chain-watcher.ts';
import { payoutFeeQuotersFrom, payoutSendersFrom } from './payouts/payout-senders-from.ts';
import { TestNetwork } from './test-network.ts';
import type { AddressPurpose } from '../db/tables/chain.ts';
import { validateAddress } from './validate-address.ts';
import { walletDepositHandlers } from './wallet-deposits.ts';

export interface ChainService {
  /** 'test' on the built-in test network, 'regtest' on local nodes, 'main' in MODE=live. */
  network: NetworkKind;
  settings: ChainSettings;
  /** The crypto assets whose chain is on: the only ones offered, received and sent. */
  assets: readonly CryptoAsset[];
  isAvailable(asset: CryptoAsset): boolean;
  pipeline: PaymentPipeline;
  /** Every coin the platform sends: queuePayout in the caller's transaction, onPayout handlers, hot wallets. */
  payouts: ChainPayouts;
  /** Null in live mode and on local nodes. */
  testNetwork: TestNetwork | null;
  /** One per chain family served by a node. */
  watchers: readonly ChainWatcher[];
  onPurpose(purpose: AddressPurpose, handlers: PurposeHandlers): void;
  validateAddress(asset: CryptoAsset, address: string): AddressCheck;
  /**
   * Every watcher's status (the console's Chains page, /healthz); no query, so a probe stays cheap. The leader
   * answers from its watchers' memory, a follower from the leader's last published snapshot (statusBoard).
   */
  statuses(): ChainWatcherStatus[];
  /** Publishes the leader's statuses and holds them on the followers (chain-status-board.ts). */
  statusBoard: ChainStatusBoard;
  /** Start the payout worker (every process); called when the app is ready. */
  start(): void;
  /** Stop it and wait for the round in progress; called when the app closes. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chain: ChainService;
  }
}

export const chainPlugin = globalPlugin<{ env: Env }>('chain', async (app, { env }) => {
  const settings = chainSettingsFrom(env);
  const network = settings.network;
  // Live mode takes the xpubs from the environment (checked at start by capabilities.ts), on first use; local
  // regtest nodes use the public test mnemonic's keys, like the test network.
  const familiesOn = CHAIN_FAMILIES.filter((family) => settings.families[family].kind !== 'off');
  useChainKeys(network === 'main' ? () => keysFromEnvironment(process.env, familiesOn) : network === 'regtest' ? () => keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'regtest') : testChainKeys);
  const assets = availableAssets(settings);
  const pipeline = new PaymentPipeline(app.db, app.log.child({ component: 'chain' }));
  const testNetwork = network === 'test' ? new TestNetwork(app.db, pipeline, app.log.child({ component: 'test-network' })) : null;
  // Every coin sent goes through one queue and worker (server/chain/payouts/): the node wallets, the EVM
  // signer key, or the test network, per family; the queue reserves each payout's network fee (fee quoters).
  const payouts = new ChainPayouts({ db: app.db, network, senders: payoutSendersFrom(settings, env, app.db), fees: payoutFeeQuotersFrom(settings, env), log: app.log.child({ component: 'chain-payouts' }) });
  // A watcher per family served by a node (the test network watches itself).
  const watchers: ChainWatcher[] = [];
  for (const family of CHAIN_FAMILIES) {
    const backend = settings.families[family];
    if (backend.kind === 'bitcoin-rpc' && family !== 'ethereum') {
      watchers.push(new BitcoinWatcher({ db: app.db, pipeline, log: app.log.child({ component: 'chain', family }), family, network, rpc: new BitcoinRpcClient(backend.rpcUrl), pollMs: settings.pollMs }));
    }
    if (backend.kind === 'evm-rpc') {
      watchers.push(new EvmWatcher({ db: app.db, pipeline, log: app.log.child({ component: 'chain', family }), network, rpcUrl: backend.rpcUrl, tokens: backend.tokens, pollMs: settings.pollMs }));
    }
  }
  const localStatuses = (): ChainWatcherStatus[] => [...(testNetwork?.status() ?? []), ...watchers.map((watcher) => watcher.status())];
  const statusBoard = new ChainStatusBoard({ db: app.db, log: app.log.child({ component: 'chain-status' }), local: localStatuses, isLeader: () => app.leader.isLeader() });
  const service: ChainService = {
    network,
    settings,
    assets,
    isAvailable: (asset) => assets.includes(asset),
    pipeline,
    payouts,
    testNetwork,
    watchers,
    onPurpose: (purpose, handlers) => pipeline.onPurpose(purpose, handlers),
    validateAddress: (asset, address) => validateAddress(asset, address, network),
    statuses: () => statusBoard.statuses(),
    statusBoard,
    // The payout worker claims each payout (SKIP LOCKED, a lease) so every process runs one.
    start: () => payouts.start(),
    stop: () => payouts.stop(),
  };
  app.decorate('chain', service);
  // Once for the whole platform, on the elected process (server/plugins/leader.ts): two producers would
  // each mine, and two watchers would read every block twice (harmless to the pipeline, which claims each
  // payment with SKIP LOCKED, but double the node's load). A follower takes them over within seconds.
  app.leader.addDuty({
    name: 'chain watchers',
    start: () => {
      testNetwork?.startProducer(env.TEST_NETWORK_BLOCK_MS ?? 0);
      for (const watcher of watchers) watcher.start();
    },
    stop: async () => {
      await Promise.all(watchers.map((watcher) => watcher.stop()));
      await testNetwork?.stopProducer();
    },
  });
  // Only the leader's watchers run, so only its memory knows the chains: it publishes what they see and
  // the other processes answer from that (chain-status-board.ts). One process (PGlite) needs neither.
  if (app.leader.mayHaveFollowers()) {
    app.leader.addDuty(statusBoard.publisher());
    // After the leader plugin's first election (registered before this plugin, so its onReady runs first):
    // a follower reads the leader's statuses before it serves.
    app.addHook('onReady', () => statusBoard.startFollowing());
    app.addHook('onClose', () => statusBoard.stopFollowing());
  }
  // Member deposits; the payments plugin registers 'payment' for merchant payments.
  service.onPurpose('wallet', walletDepositHandlers);
  app.addHook('onReady', async () => service.start());
  app.addHook('onClose', async () => service.stop());
});
