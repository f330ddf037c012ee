// The convert policy, applied inside the settlement's database transaction (server/payments/
// payment-handlers.ts): what the settlement just credited in the coin is sold to the house at the
// provider's rate for the merchant (spread and the 'sell' fee of server/rates/), as a conversion moves
// money (server/conversions/convert.ts), three linked transfers:
//   principal  merchant_balance(coin) -> house liquidity(coin)   credited less the fee
//   fee        merchant_balance(coin) -> house fees(coin)        the fee, rounded up
//   payout     house liquidity(fiat) -> merchant_balance(fiat)   net at the rate, rounded down
// with a money_transactions row (conversion, sell) on the merchant's user and a settlement_conversions
// row, which is what a payout later covers. Exactly once: the transfer ids derive from the payment
// token (the ledger refuses a second transfer with the same id) and settlement_conversions.payment_id is
// unique. If the rate is unavailable or the house is short of the fiat, the coin is kept: a settlement
// never fails because a conversion could not be made.

import type { Transaction } from 'kysely';
import type { AccountFiat, CryptoAsset } from '#core/assets.ts';
import { conversionFigures } from '#core/fees.ts';
import type { Database } from '../db/schema.ts';
import { createTransfers, ensureAccount, type TransferInput } from '../ledger/index.ts';
import { recordTransaction } from '../money/record-transaction.ts';
import { houseAccount } from '../money/wallet-accounts.ts';
import { loadPricing } from '../rates/pricing.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { readSettings } from './settings.ts';

export interface SettledCoin {
  providerId: bigint;
  merchantId: bigint;
  merchantUserId: bigint;
  paymentId: bigint;
  paymentToken: string;
  coin: CryptoAsset;
  creditedMinor: bigint;
}

export type SettlementConversion =
  | { converted: true; fiat: AccountFiat; fiatMinor: bigint; feeMinor: bigint; rate: string }
  | { converted: false; reason: 'policy_keep' | 'nothing_to_convert' | 'rates_unavailable' | 'liquidity_unavailable' };

export async function convertSettledCoin(trx: Transaction<Database>, rates: Pick<RatesService, 'rate'>, settled: SettledCoin): Promise<SettlementConversion> {
  const settings = await readSettings(trx, settled.merchantId);
  if (settings.policy !== 'convert') return { converted: false, reason: 'policy_keep' };
  const fiat = settings.fiat_currency;
  // Read on this transaction (the rates service would read on its own connection, which PGlite shares).
  const pricing = await loadPricing(trx, settled.providerId);
  const quoted = await rates.rate(settled.providerId, settled.coin, fiat, pricing.spreadBps);
  if (!quoted.ok) return { converted: false, reason: 'rates_unavailable' };
  const figures = conversionFigures(settled.creditedMinor, settled.coin, fiat, quoted.rate, pricing.conversionFeePercent.sell);
  if (figures.receiveMinor <= 0n) return { converted: false, reason: 'nothing_to_convert' };

  const owner = { type: 'merchant' as const, merchantId: settled.merchantId };
  const [coinBalance, fiatBalance, liquidityCoin, liquidityFiat, fees] = await Promise.all([
    ensureAccount(trx, { providerId: settled.providerId, owner, asset: settled.coin, kind: 'merchant_balance' }),
    ensureAccount(trx, { providerId: settled.providerId, owner, asset: fiat, kind: 'merchant_balance' }),
    houseAccount(trx, { providerId: settled.providerId, asset: settled.coin, kind: 'liquidity' }),
    houseAccount(trx, { providerId: settled.providerId, asset: fiat, kind: 'liquidity' }),
    houseAccount(trx, { providerId: settled.providerId, asset: settled.coin, kind: 'fees' }),
  ]);
  const id = `${settled.paymentToken}:convert`;
  const ref = settled.paymentToken;
  const legs: TransferInput[] = [
    { id: `${id}:principal`, debitAccountId: coinBalance.id, creditAccountId: liquidityCoin.id, amount: figures.netMinor, code: 'conversion', ref },
    ...(figures.feeMinor > 0n ? [{ id: `${id}:fee`, debitAccountId: coinBalance.id, creditAccountId: fees.id, amount: figures.feeMinor, code: 'fee' as const, ref }] : []),
    { id: `${id}:payout`, debitAccountId: liquidityFiat.id, creditAccountId: fiatBalance.id, amount: figures.receiveMinor, code: 'conversion', ref },
  ];
  const result = await createTransfers(trx, legs);
  if (!result.ok) {
    if (result.code === 'exceeds_credits' && result.index === legs.length - 1) return { converted: false, reason: 'liquidity_unavailable' };
    throw new Error(`settlement conversion ${id}: ledger refused leg ${result.index}: ${result.code} ${result.message}`);
  }
  if (result.replayed) throw new Error(`settlement conversion ${id}: converted twice (the ledger already had its transfers)`);

  const record = await recordTransaction(trx, {
    providerId: settled.providerId,
    userId: settled.merchantUserId,
    type: 'conversion',
    operation: 'sell',
    status: 'completed',
    method: 'internal',
    currency: settled.coin,
    amountMinor: figures.netMinor,
    currency2: fiat,
    amount2Minor: figures.receiveMinor,
    feeMinor: figures.feeMinor,
    rate: quoted.rate,
    reference: settled.paymentToken,
    details: { settlement: 'convert', transaction_token: settled.paymentToken },
  });
  await trx
    .insertInto('settlement_conversions')
    .values({
      provider_id: settled.providerId,
      merchant_id: settled.merchantId,
      payment_id: settled.paymentId,
      transaction_id: record.public_id,
      coin: settled.coin,
      coin_minor: settled.creditedMinor,
      fee_minor: figures.feeMinor,
      rate: quoted.rate,
      fiat_currency: fiat,
      fiat_minor: figures.receiveMinor,
    })
    .execute();
  return { converted: true, fiat, fiatMinor: figures.receiveMinor, feeMinor: figures.feeMinor, rate: quoted.rate };
}
