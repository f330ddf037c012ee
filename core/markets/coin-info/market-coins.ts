// The coins of the public markets site (spec §3: eighteen with a text, about a dozen without), in
// display order: roughly by market size, Bitcoin first, so the list reads as visitors expect.
// Only stable, checkable facts live here; anything that changes with the market (price, circulating
// supply) comes from the price feed. A fact we could not state with confidence is left out.
//
// `hasIcon` records whether the CC0 `cryptocurrency-icons` package has svg/color/<iso>.svg; the test
// checks it against the package. Polygon's ticker is POL since its 2024 upgrade and the package only
// has the older MATIC artwork, so Polygon goes without an icon rather than wear its predecessor's.
// VeChain and Enjin state no consensus: VeChain has announced a move from proof of authority to staking
// and Enjin moved from Ethereum to its own chain, so a one-word fact would likely go stale; their texts explain.

import { COIN_TEXTS } from './coin-texts.ts';
import { CONSENSUS, type ConsensusCode } from './consensus.ts';

/** How supply is bounded: a protocol cap, no cap, or issued by a company against reserves (stablecoins). */
export type SupplyKind = 'fixed-cap' | 'no-fixed-cap' | 'issued-against-reserves';

export interface MarketCoinFacts {
  /** The year the network went live, or for a token the year it was first issued. */
  launched?: number;
  /** The consensus mechanism in English; `consensus_es` is the same in Spanish. */
  consensus?: string;
  consensus_es?: string;
  /** Whole coins as a decimal string ('21000000'), present only when the protocol caps supply: the page formats it for its locale. */
  maxSupply?: string;
  supply?: SupplyKind;
  /** Decimal places of the smallest unit (a satoshi is 10^-8 BTC); for a token, on Ethereum, where it was first issued.
   *  Left out where it differs between the chains that carry the coin (USDT, AVAX). */
  decimals?: number;
  website?: string;
}

export interface MarketCoin {
  id: string;
  iso: string;
  name: string;
  facts: MarketCoinFacts;
  hasIcon: boolean;
  hasContent: boolean;
}

interface CoinEntry {
  id: string;
  iso: string;
  name: string;
  launched?: number;
  consensus?: ConsensusCode;
  maxSupply?: string;
  supply?: SupplyKind;
  decimals?: number;
  website?: string;
  hasIcon: boolean;
}

const ENTRIES: readonly CoinEntry[] = [
  { id: 'bitcoin', iso: 'BTC', name: 'Bitcoin', launched: 2009, consensus: 'proof-of-work', maxSupply: '21000000', supply: 'fixed-cap', decimals: 8, website: 'https://bitcoin.org', hasIcon: true },
  { id: 'ethereum', iso: 'ETH', name: 'Ethereum', launched: 2015, consensus: 'proof-of-stake', supply: 'no-fixed-cap', decimals: 18, website: 'https://ethereum.org', hasIcon: true },
  { id: 'tether', iso: 'USDT', name: 'Tether', launched: 2014, consensus: 'token', supply: 'issued-against-reserves', website: 'https://tether.to', hasIcon: true },
  { id: 'ripple', iso: 'XRP', name: 'XRP', launched: 2012, consensus: 'federated-consensus', maxSupply: '100000000000', supply: 'fixed-cap', decimals: 6, website: 'https://xrpl.org', hasIcon: true },
  { id: 'binance-coin', iso: 'BNB', name: 'BNB', launched: 2017, consensus: 'proof-of-staked-authority', decimals: 18, website: 'https://www.bnbchain.org', hasIcon: true },
  { id: 'solana', iso: 'SOL', name: 'Solana', launched: 2020, consensus: 'proof-of-stake', supply: 'no-fixed-cap', decimals: 9, website: 'https://solana.com', hasIcon: true },
  { id: 'usd-coin', iso: 'USDC', name: 'USDC', launched: 2018, consensus: 'token', supply: 'issued-against-reserves', decimals: 6, website: 'https://www.circle.com/usdc', hasIcon: true },
  { id: 'dogecoin', iso: 'DOGE', name: 'Dogecoin', launched: 2013, consensus: 'proof-of-work', supply: 'no-fixed-cap', decimals: 8, website: 'https://dogecoin.com', hasIcon: true },
  { id: 'cardano', iso: 'ADA', name: 'Cardano', launched: 2017, consensus: 'proof-of-stake', maxSupply: '45000000000', supply: 'fixed-cap', decimals: 6, website: 'https://cardano.org', hasIcon: true },
  { id: 'tron', iso: 'TRX', name: 'TRON', launched: 2018, consensus: 'delegated-proof-of-stake', supply: 'no-fixed-cap', decimals: 6, website: 'https://tron.network', hasIcon: true },
  { id: 'chainlink', iso: 'LINK', name: 'Chainlink', launched: 2017, consensus: 'token', maxSupply: '1000000000', supply: 'fixed-cap', decimals: 18, website: 'https://chain.link', hasIcon: true },
  { id: 'avalanche', iso: 'AVAX', name: 'Avalanche', launched: 2020, consensus: 'proof-of-stake', maxSupply: '720000000', supply: 'fixed-cap', website: 'https://www.avax.network', hasIcon: true },
  { id: 'stellar', iso: 'XLM', name: 'Stellar', launched: 2014, consensus: 'federated-consensus', decimals: 7, website: 'https://stellar.org', hasIcon: true },
  { id: 'bitcoin-cash', iso: 'BCH', name: 'Bitcoin Cash', launched: 2017, consensus: 'proof-of-work', maxSupply: '21000000', supply: 'fixed-cap', decimals: 8, website: 'https://bitcoincash.org', hasIcon: true },
  { id: 'litecoin', iso: 'LTC', name: 'Litecoin', launched: 2011, consensus: 'proof-of-work', maxSupply: '84000000', supply: 'fixed-cap', decimals: 8, website: 'https://litecoin.org', hasIcon: true },
  { id: 'shiba-inu', iso: 'SHIB', name: 'Shiba Inu', launched: 2020, consensus: 'token', decimals: 18, website: 'https://shibatoken.com', hasIcon: false },
  { id: 'polkadot', iso: 'DOT', name: 'Polkadot', launched: 2020, consensus: 'nominated-proof-of-stake', decimals: 10, website: 'https://polkadot.com', hasIcon: true },
  { id: 'uniswap', iso: 'UNI', name: 'Uniswap', launched: 2020, consensus: 'token', decimals: 18, website: 'https://uniswap.org', hasIcon: true },
  { id: 'dai', iso: 'DAI', name: 'Dai', launched: 2017, consensus: 'token', decimals: 18, hasIcon: true },
  { id: 'aave', iso: 'AAVE', name: 'Aave', launched: 2020, consensus: 'token', maxSupply: '16000000', supply: 'fixed-cap', decimals: 18, website: 'https://aave.com', hasIcon: true },
  { id: 'near', iso: 'NEAR', name: 'NEAR Protocol', launched: 2020, consensus: 'proof-of-stake', supply: 'no-fixed-cap', decimals: 24, website: 'https://near.org', hasIcon: false },
  { id: 'aptos', iso: 'APT', name: 'Aptos', launched: 2022, consensus: 'proof-of-stake', supply: 'no-fixed-cap', decimals: 8, website: 'https://aptosfoundation.org', hasIcon: false },
  { id: 'internet-computer', iso: 'ICP', name: 'Internet Computer', launched: 2021, decimals: 8, website: 'https://internetcomputer.org', hasIcon: true },
  { id: 'polygon', iso: 'POL', name: 'Polygon', launched: 2020, consensus: 'proof-of-stake', supply: 'no-fixed-cap', decimals: 18, website: 'https://polygon.technology', hasIcon: false },
  { id: 'cosmos', iso: 'ATOM', name: 'Cosmos', launched: 2019, consensus: 'proof-of-stake', supply: 'no-fixed-cap', decimals: 6, website: 'https://cosmos.network', hasIcon: true },
  { id: 'algorand', iso: 'ALGO', name: 'Algorand', launched: 2019, consensus: 'proof-of-stake', maxSupply: '10000000000', supply: 'fixed-cap', decimals: 6, hasIcon: true },
  { id: 'vechain', iso: 'VET', name: 'VeChain', launched: 2018, decimals: 18, website: 'https://www.vechain.org', hasIcon: true },
  { id: 'filecoin', iso: 'FIL', name: 'Filecoin', launched: 2020, consensus: 'proof-of-storage', maxSupply: '2000000000', supply: 'fixed-cap', decimals: 18, website: 'https://filecoin.io', hasIcon: true },
  { id: 'tezos', iso: 'XTZ', name: 'Tezos', launched: 2018, consensus: 'proof-of-stake', supply: 'no-fixed-cap', decimals: 6, website: 'https://tezos.com', hasIcon: true },
  { id: 'enjin', iso: 'ENJ', name: 'Enjin Coin', launched: 2017, decimals: 18, website: 'https://enjin.io', hasIcon: true },
];

function toMarketCoin({ consensus, launched, maxSupply, supply, decimals, website, ...coin }: CoinEntry): MarketCoin {
  // A coin has content exactly when it has a text, so the flag and the texts cannot disagree.
  const hasContent = Object.hasOwn(COIN_TEXTS, coin.id);
  const facts: MarketCoinFacts = { launched, maxSupply, supply, decimals, website };
  if (consensus) {
    facts.consensus = CONSENSUS[consensus].en;
    facts.consensus_es = CONSENSUS[consensus].es;
  }
  // Absent facts are left out rather than sent as undefined, so a page can test `'launched' in facts` too.
  for (const key of Object.keys(facts) as (keyof MarketCoinFacts)[]) if (facts[key] === undefined) delete facts[key];
  return Object.freeze({ ...coin, facts: Object.freeze(facts), hasContent });
}

export const MARKET_COINS: readonly MarketCoin[] = Object.freeze(ENTRIES.map(toMarketCoin));

const BY_ID = new Map(MARKET_COINS.map((coin) => [coin.id, coin]));

/** The market coin of a URL slug, or null: the id comes from a URL, so anything unknown is simply not a coin. */
export function marketCoin(id: string): MarketCoin | null {
  return BY_ID.get(id) ?? null;
}
