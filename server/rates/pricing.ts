// A provider's pricing as the code uses it, read from provider_pricing and provider_asset_pricing
// (migration 0007), and written by the seed. Missing rows fall back to DEFAULT_PRICING, so a new
// provider can trade before an operator has priced it, at the platform's defaults.

import type { Transaction } from 'kysely';
import { ASSETS, isAsset, type Asset } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_PRICING, SEED_COUPONS, SEED_PRICING, type AssetPricing, type Pricing } from './default-pricing.ts';
import type { Db } from '../db/db.ts';


export async function loadPricing(db: Db, providerId: bigint): Promise<Pricing> {
  const [row, assetRows] = await Promise.all([
    db.selectFrom('provider_pricing').selectAll().where('provider_id', '=', providerId).executeTakeFirst(),
    db.selectFrom('provider_asset_pricing').selectAll().where('provider_id', '=', providerId).execute(),
  ]);
  const assets = { ...DEFAULT_PRICING.assets };
  for (const asset of assetRows) {
    if (!isAsset(asset.asset)) continue;
    assets[asset.asset] = {
      withdrawalFeeMinor: asset.withdrawal_fee_minor,
      limits: {
        conversion: { minimumMinor: asset.conversion_min_minor, maximumMinor: asset.conversion_max_minor },
        deposit: { minimumMinor: asset.deposit_min_minor, maximumMinor: asset.deposit_max_minor },
        withdrawal: { minimumMinor: asset.withdrawal_min_minor, maximumMinor: asset.withdrawal_max_minor },
      },
    };
  }
  if (!row) return { ...DEFAULT_PRICING, assets };
  return {
    spreadBps: row.spread_bps,
    conversionFeePercent: { buy: row.fee_buy_percent, sell: row.fee_sell_percent, trade: row.fee_trade_percent, exchange: row.fee_exchange_percent },
    cardDepositPercent: row.card_deposit_percent,
    assets,
  };
}

/** Writes a provider's pricing rows, leaving any that already exist as they are (an operator's edits survive a restart). */
export async function ensurePricing(trx: Transaction<Database>, providerId: bigint, pricing: Pricing): Promise<void> {
  await trx
    .insertInto('provider_pricing')
    .values({
      provider_id: providerId,
      spread_bps: pricing.spreadBps,
      fee_buy_percent: pricing.conversionFeePercent.buy,
      fee_sell_percent: pricing.conversionFeePercent.sell,
      fee_trade_percent: pricing.conversionFeePercent.trade,
      fee_exchange_percent: pricing.conversionFeePercent.exchange,
      card_deposit_percent: pricing.cardDepositPercent,
    })
    .onConflict((conflict) => conflict.column('provider_id').doNothing())
    .execute();
  await trx
    .insertInto('provider_asset_pricing')
    .values(ASSETS.map((asset: Asset) => assetRow(providerId, asset, pricing.assets[asset])))
    .onConflict((conflict) => conflict.columns(['provider_id', 'asset']).doNothing())
    .execute();
}

function assetRow(providerId: bigint, asset: Asset, pricing: AssetPricing) {
  return {
    provider_id: providerId,
    asset,
    withdrawal_fee_minor: pricing.withdrawalFeeMinor,
    conversion_min_minor: pricing.limits.conversion.minimumMinor,
    conversion_max_minor: pricing.limits.conversion.maximumMinor,
    deposit_min_minor: pricing.limits.deposit.minimumMinor,
    deposit_max_minor: pricing.limits.deposit.maximumMinor,
    withdrawal_min_minor: pricing.limits.withdrawal.minimumMinor,
    withdrawal_max_minor: pricing.limits.withdrawal.maximumMinor,
  };
}

/** The seed's part for rates: each seeded provider's pricing and test coupons (server/seed/seed.ts calls it). */
export async function seedPricing(trx: Transaction<Database>, providerIds: ReadonlyMap<string, bigint>): Promise<void> {
  for (const [wlId, providerId] of providerIds) {
    await ensurePricing(trx, providerId, SEED_PRICING[wlId] ?? DEFAULT_PRICING);
    for (const coupon of SEED_COUPONS[wlId] ?? []) {
      await trx
        .insertInto('coupons')
        .values({ provider_id: providerId, code: coupon.code, fee_discount_percent: coupon.feeDiscountPercent, expires_at: null, max_uses: null })
        .onConflict((conflict) => conflict.columns(['provider_id', 'code']).doNothing())
        .execute();
    }
  }
}
