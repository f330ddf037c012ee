// `app.chain`: the chain layer as one service. It owns the payment pipeline (address purposes register
// their handlers on it), the keys addresses are derived from, and in test mode the test network with
// its block producer, which starts when the app is ready and stops cleanly when the app closes.

import type { CryptoAsset } from '#core/assets.ts';
import type { AddressCheck } from '#core/chain/address-format.ts';
import type { NetworkKind } from '#core/chain/networks.ts';
import type { Env } from '../env.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { useChainKeys } from './addresses.ts';
import { keysFromEnvironment, testChainKeys } from './hd-keys.ts';
import { PaymentPipeline, type PurposeHandlers } from './payment-pipeline.ts';
import { TestNetwork } from './test-network.ts';
import type { AddressPurpose } from '../db/tables/chain.ts';
import { validateAddress } from './validate-address.ts';
import { walletDepositHandlers } from './wallet-deposits.ts';

export interface ChainService {
  /** 'test' in MODE=test (the test network), 'main' in MODE=live. */
  network: NetworkKind;
  pipeline: PaymentPipeline;
  /** Null in live mode. */
  testNetwork: TestNetwork | null;
  onPurpose(purpose: AddressPurpose, handlers: PurposeHandlers): void;
  validateAddress(asset: CryptoAsset, address: string): AddressCheck;
  /** Start the watchers (the block producer); called when the app is ready. */
  start(): void;
  /** Stop them and wait for the round in progress; called when the app closes. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chain: ChainService;
  }
}

export const chainPlugin = globalPlugin<{ env: Env }>('chain', async (app, { env }) => {
  const network: NetworkKind = env.MODE === 'live' ? 'main' : 'test';
  // Live mode takes the xpubs from the environment (named in live-adapters.ts), on first use.
  useChainKeys(network === 'main' ? () => keysFromEnvironment(process.env) : testChainKeys);
  const pipeline = new PaymentPipeline(app.db, app.log.child({ component: 'chain' }));
  const testNetwork = network === 'test' ? new TestNetwork(app.db, pipeline, app.log.child({ component: 'test-network' })) : null;
  const service: ChainService = {
    network,
    pipeline,
    testNetwork,
    onPurpose: (purpose, handlers) => pipeline.onPurpose(purpose, handlers),
    validateAddress: (asset, address) => validateAddress(asset, address, network),
    start: () => testNetwork?.startProducer(env.TEST_NETWORK_BLOCK_MS ?? 0),
    stop: async () => {
      await testNetwork?.stop();
    },
  };
  app.decorate('chain', service);
  // Member deposits; the payments plugin registers 'payment' for merchant payments.
  service.onPurpose('wallet', walletDepositHandlers);
  app.addHook('onReady', async () => service.start());
  app.addHook('onClose', async () => service.stop());
});
