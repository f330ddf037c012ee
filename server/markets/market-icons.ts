// The markets site's coin icons: the CC0 `cryptocurrency-icons` package's colour SVGs, for the coins
// of the markets registry that the package has (MarketCoin.hasIcon), served from our own origin like
// the listed assets' icons (server/routes/static-files.ts). Coins the package lacks get a neutral mark.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MARKET_COINS, type MarketCoin } from '#core/markets/coin-info/index.ts';
import { allowCrossOriginLoad } from '../plugins/security-headers.ts';

export const MARKET_ICON_PREFIX = '/static/market-coins/';

const ICON_DIR = join(dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/manifest.json')), 'svg', 'color');

export function marketIconPath(coin: Pick<MarketCoin, 'iso' | 'hasIcon'>): string | null {
  return coin.hasIcon ? `${MARKET_ICON_PREFIX}${coin.iso.toLowerCase()}.svg` : null;
}

export async function marketIconRoutes(app: FastifyInstance): Promise<void> {
  // The package ships hundreds of icons; only the registry's are served.
  const files = new Set(MARKET_COINS.filter((coin) => coin.hasIcon).map((coin) => `/${coin.iso.toLowerCase()}.svg`));
  await app.register(fastifyStatic, {
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    root: ICON_DIR,
    prefix: MARKET_ICON_PREFIX,
    maxAge: '7d',
    allowedPath: (pathName) => files.has(pathName),
    setHeaders: allowCrossOriginLoad,
  });
}
