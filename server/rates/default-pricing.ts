// The pricing each seeded provider starts with, written as decimal strings the way an operator
// would type them. wl1 and wl2 differ on purpose (spread, every fee, limits), so tests can prove that
// prices and fees are per provider. A provider without a pricing row is priced with DEFAULT_PRICING.

import { ASSETS, isCrypto, type Asset } from '#core/assets.ts';
import { mustParseAmount } from '#core/money.ts';
import type { Operation } from '#core/contract/rates.ts';
import type { Limit } from '#core/fees.ts';

export type LimitKind = 'conversion' | 'deposit' | 'withdrawal';

export interface AssetPricing {
  /** Flat fee per withdrawal, in this asset. */
  withdrawalFeeMinor: bigint;
  limits: Record<LimitKind, Limit>;
}

export interface Pricing {
  /** Basis points taken off every mid rate in the house's favour. */
  spreadBps: number;
  conversionFeePercent: Record<Operation, string>;
  cardDepositPercent: string;
  assets: Record<Asset, AssetPricing>;
}

interface AssetDefaults {
  withdrawalFee: string;
  conversion: [string, string];
  deposit: [string, string];
  withdrawal: [string, string];
}

function assetPricing(asset: Asset, defaults: AssetDefaults): AssetPricing {
  const limit = ([minimum, maximum]: [string, string]): Limit => ({ minimumMinor: mustParseAmount(minimum, asset), maximumMinor: mustParseAmount(maximum, asset) });
  return {
    withdrawalFeeMinor: mustParseAmount(defaults.withdrawalFee, asset),
    limits: { conversion: limit(defaults.conversion), deposit: limit(defaults.deposit), withdrawal: limit(defaults.withdrawal) },
  };
}

const CRYPTO_WL1: Record<string, AssetDefaults> = {
  BTC: { withdrawalFee: '0.0001', conversion: ['0.0001', '5'], deposit: ['0.00005', '50'], withdrawal: ['0.0005', '5'] },
  ETH: { withdrawalFee: '0.002', conversion: ['0.002', '100'], deposit: ['0.001', '1000'], withdrawal: ['0.01', '100'] },
  LTC: { withdrawalFee: '0.001', conversion: ['0.1', '2000'], deposit: ['0.01', '20000'], withdrawal: ['0.05', '2000'] },
  BCH: { withdrawalFee: '0.001', conversion: ['0.02', '500'], deposit: ['0.005', '5000'], withdrawal: ['0.01', '500'] },
  USDT: { withdrawalFee: '2', conversion: ['5', '20000'], deposit: ['1', '200000'], withdrawal: ['10', '20000'] },
  USDC: { withdrawalFee: '2', conversion: ['5', '20000'], deposit: ['1', '200000'], withdrawal: ['10', '20000'] },
};
const FIAT_WL1: AssetDefaults = { withdrawalFee: '1', conversion: ['10', '20000'], deposit: ['10', '20000'], withdrawal: ['20', '20000'] };

const CRYPTO_WL2: Record<string, AssetDefaults> = {
  BTC: { withdrawalFee: '0.0002', conversion: ['0.0002', '2'], deposit: ['0.0001', '20'], withdrawal: ['0.001', '2'] },
  ETH: { withdrawalFee: '0.003', conversion: ['0.005', '50'], deposit: ['0.002', '500'], withdrawal: ['0.02', '50'] },
  LTC: { withdrawalFee: '0.002', conversion: ['0.2', '1000'], deposit: ['0.02', '10000'], withdrawal: ['0.1', '1000'] },
  BCH: { withdrawalFee: '0.002', conversion: ['0.05', '250'], deposit: ['0.01', '2500'], withdrawal: ['0.02', '250'] },
  USDT: { withdrawalFee: '3', conversion: ['20', '10000'], deposit: ['5', '100000'], withdrawal: ['20', '10000'] },
  USDC: { withdrawalFee: '3', conversion: ['20', '10000'], deposit: ['5', '100000'], withdrawal: ['20', '10000'] },
};
const FIAT_WL2: AssetDefaults = { withdrawalFee: '2.5', conversion: ['20', '5000'], deposit: ['20', '5000'], withdrawal: ['50', '5000'] };

function build(spreadBps: number, fees: Record<Operation, string>, card: string, crypto: Record<string, AssetDefaults>, fiat: AssetDefaults): Pricing {
  const assets = Object.fromEntries(ASSETS.map((asset) => [asset, assetPricing(asset, isCrypto(asset) ? (crypto[asset] as AssetDefaults) : fiat)])) as Record<Asset, AssetPricing>;
  return { spreadBps, conversionFeePercent: fees, cardDepositPercent: card, assets };
}

/** Provider wl_id 1 (Verdant, localhost). Also the fallback for a provider with no pricing row. */
export const DEFAULT_PRICING: Pricing = build(50, { buy: '1.50', sell: '1.50', trade: '1.00', exchange: '0.50' }, '2.50', CRYPTO_WL1, FIAT_WL1);

/** Provider wl_id 2 (wl2.localhost): a wider spread, higher fees, tighter limits. */
export const WL2_PRICING: Pricing = build(80, { buy: '2.00', sell: '1.75', trade: '1.25', exchange: '0.75' }, '3.00', CRYPTO_WL2, FIAT_WL2);

/** Seeded pricing per wl_id. */
export const SEED_PRICING: Record<string, Pricing> = { '1': DEFAULT_PRICING, '2': WL2_PRICING };

/** Seeded coupons per wl_id: a test coupon that waives part of the conversion fee. */
export const SEED_COUPONS: Record<string, { code: string; feeDiscountPercent: string }[]> = {
  '1': [{ code: 'WELCOME10', feeDiscountPercent: '10.00' }],
  '2': [{ code: 'WELCOME20', feeDiscountPercent: '20.00' }],
};
