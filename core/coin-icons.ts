// Which assets wear a real icon, and where it is served. The icons are the CC0 `cryptocurrency-icons`
// package's colour SVGs, served from our own origin (server/routes/static-files.ts) so the pages need no
// third-party image host and the widget's CSP stays 'self'. Only these files are served: the package
// holds hundreds of coins we do not list. CAD, AUD and CHF have no icon in the package: the UI writes
// their code instead, which beats a lookalike.

import type { Asset } from './assets.ts';

export const ICONED_ASSETS = ['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC', 'EUR', 'USD', 'GBP'] as const satisfies readonly Asset[];

export const COIN_ICON_PREFIX = '/static/coins/';

/** The icon's URL path for an asset, or null when the package has none (the UI writes the code). */
export function coinIconPath(asset: string): string | null {
  return (ICONED_ASSETS as readonly string[]).includes(asset) ? `${COIN_ICON_PREFIX}${asset.toLowerCase()}.svg` : null;
}
