// A merchant as GET /mapi/api/merchant answers it (name, widget theme, the coins a buyer can pay in): one
// function for that route and for the widget's shell, which renders the same answer into its first screen.

import type { FastifyInstance } from 'fastify';
import { CRYPTO, CRYPTO_DISPLAY_NAMES } from '#core/assets.ts';
import { coinsOn } from '#core/chain/coin-availability.ts';
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import { widgetSettingsAnswer } from '#core/payments/widget-settings.ts';
import type { merchantByPublicId } from './merchant-context.ts';

/** The coins a buyer can pay in on this server: those whose chain is on (app.chain.assets), in the platform's order. */
export function supportedCoins(app: FastifyInstance) {
  return coinsOn(CRYPTO, app.chain.assets).map((iso) => ({ iso, name: CRYPTO_DISPLAY_NAMES[iso] }));
}

export function merchantAnswer(app: FastifyInstance, { context, widgetSettings }: Awaited<ReturnType<typeof merchantByPublicId>>): MerchantAnswer {
  return {
    merchant_id: context.merchantId,
    name: context.name,
    widget: widgetSettingsAnswer(widgetSettings),
    supported_coins: supportedCoins(app),
    // MODE=test, on the built-in test network or on local regtest nodes alike.
    test_mode: app.contract.mode === 'test',
  };
}
