// Where each coin's text lives: one module per coin and language, imported only when asked for.
// A coin page shows one coin in one language, and the eighteen texts in two languages are far more
// prose than any one page needs: with a loader per text the server reads one small module per request
// (then the module cache holds it), and a browser bundle that ever imports this gets one chunk per text
// instead of all of them. The cost is an `await`, which the page's data loading has anyway.

import type { CoinInfo } from './coin-info-schema.ts';

export type CoinInfoLocale = 'en' | 'es';

type TextModule = Promise<{ default: CoinInfo }>;

export const COIN_TEXTS: Readonly<Record<string, Readonly<Record<CoinInfoLocale, () => TextModule>>>> = {
  bitcoin: { en: () => import('./en/bitcoin.ts'), es: () => import('./es/bitcoin.ts') },
  ethereum: { en: () => import('./en/ethereum.ts'), es: () => import('./es/ethereum.ts') },
  tether: { en: () => import('./en/tether.ts'), es: () => import('./es/tether.ts') },
  ripple: { en: () => import('./en/ripple.ts'), es: () => import('./es/ripple.ts') },
  'binance-coin': { en: () => import('./en/binance-coin.ts'), es: () => import('./es/binance-coin.ts') },
  solana: { en: () => import('./en/solana.ts'), es: () => import('./es/solana.ts') },
  'usd-coin': { en: () => import('./en/usd-coin.ts'), es: () => import('./es/usd-coin.ts') },
  dogecoin: { en: () => import('./en/dogecoin.ts'), es: () => import('./es/dogecoin.ts') },
  cardano: { en: () => import('./en/cardano.ts'), es: () => import('./es/cardano.ts') },
  chainlink: { en: () => import('./en/chainlink.ts'), es: () => import('./es/chainlink.ts') },
  'bitcoin-cash': { en: () => import('./en/bitcoin-cash.ts'), es: () => import('./es/bitcoin-cash.ts') },
  litecoin: { en: () => import('./en/litecoin.ts'), es: () => import('./es/litecoin.ts') },
  polkadot: { en: () => import('./en/polkadot.ts'), es: () => import('./es/polkadot.ts') },
  uniswap: { en: () => import('./en/uniswap.ts'), es: () => import('./es/uniswap.ts') },
  aave: { en: () => import('./en/aave.ts'), es: () => import('./es/aave.ts') },
  polygon: { en: () => import('./en/polygon.ts'), es: () => import('./es/polygon.ts') },
  vechain: { en: () => import('./en/vechain.ts'), es: () => import('./es/vechain.ts') },
  enjin: { en: () => import('./en/enjin.ts'), es: () => import('./es/enjin.ts') },
};
