// The queue's promise check: a payout is accepted only when the hot wallet can send it, with its network
// fee, after everything it already promised. Per family:
//
//   balance(asset)     >= unsent payouts of asset + this amount   (+ every unsent payout's fee, when the fee is paid in asset)
//   balance(fee coin)  >= unsent payouts of the fee coin + every unsent payout's fee + this one's     (tokens: ETH for gas)
//
// "Unsent" is queued or sending (promised-payouts.ts); each unsent payout is counted with today's fee
// allowance (payout-fee-quote.ts), since it will pay a fee when the worker sends it. The check and the
// insert that follows it run under one transaction-scoped advisory lock per FAMILY (a USDT payout's gas is
// ETH's concern too), so two payouts queued at once never both pass on the same coins.

import { sql } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import { FAMILY_OF, type ChainFamily } from '#core/chain/networks.ts';
import { formatMinor } from '#core/money.ts';
import type { Db } from '../../db/db.ts';
import { FEE_ASSET_OF, type FeeAllowance, type PayoutFeeQuoter } from './payout-fee-quote.ts';
import type { PayoutSender } from './payout-sender.ts';
import { unsentByAsset } from './promised-payouts.ts';

export interface CoverRefusal {
  ok: false;
  code: 'hot_wallet_insufficient' | 'hot_wallet_fee_insufficient' | 'payout_unavailable';
  message: string;
}

/** A sender with no hot wallet to run dry (the test network) has no quoter: nothing to reserve. */
function noFee(family: ChainFamily): FeeAllowance {
  return { feeAsset: FEE_ASSET_OF[family], perPayoutMinor: () => 0n, basis: 'no fee reserved' };
}

/** The lock the check holds until the caller's transaction ends; the family's payouts take turns. */
export async function lockFamilyQueue(trx: Db, family: ChainFamily): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`chain_payouts:${family}`}))`.execute(trx);
}

/** Null when the hot wallet covers the payout and its fee; else the refusal. Takes the family's lock. */
export async function checkHotWalletCovers(trx: Db, payout: { asset: CryptoAsset; amountMinor: bigint }, sender: PayoutSender, quoter: PayoutFeeQuoter | undefined): Promise<CoverRefusal | null> {
  const { asset, amountMinor } = payout;
  const family = FAMILY_OF[asset];
  await lockFamilyQueue(trx, family);
  let allowance: FeeAllowance;
  try {
    allowance = quoter ? await quoter.quote() : noFee(family);
  } catch (error) {
    return { ok: false, code: 'payout_unavailable', message: `The ${asset} network fee cannot be estimated right now (${(error as Error).message}); nothing was sent: try again later.` };
  }
  const unsent = await unsentByAsset(trx, family);
  const feeAsset = allowance.feeAsset;
  const fee = allowance.perPayoutMinor(asset);
  let unsentFees = 0n;
  let unsentCount = 0;
  for (const [other, promised] of unsent) {
    unsentFees += BigInt(promised.count) * allowance.perPayoutMinor(other);
    unsentCount += promised.count;
  }
  const show = (minor: bigint, of: CryptoAsset) => `${formatMinor(minor, of)} ${of}`;

  const balance = await balanceOf(sender, asset);
  if (typeof balance === 'string') return { ok: false, code: 'payout_unavailable', message: balance };
  const promised = unsent.get(asset)?.amountMinor ?? 0n;
  const fees = feeAsset === asset ? unsentFees + fee : 0n;
  if (balance - promised - fees < amountMinor) {
    const feePart = fees > 0n ? ` and ${formatMinor(fees, asset)} is kept for the network fees of ${unsentCount + 1} payouts including this one (up to ${show(fee, asset)} each: ${allowance.basis})` : '';
    return {
      ok: false,
      code: 'hot_wallet_insufficient',
      message: `The ${asset} hot wallet cannot cover ${show(amountMinor, asset)}${fees > 0n ? ' and its network fee' : ''}: it holds ${formatMinor(balance, asset)}, of which ${formatMinor(promised, asset)} is promised to payouts not yet sent${feePart}. Nothing was sent: try a smaller amount, or again once the hot wallet is topped up.`,
    };
  }
  if (feeAsset === asset || fee === 0n) return null;

  const feeBalance = await balanceOf(sender, feeAsset);
  if (typeof feeBalance === 'string') return { ok: false, code: 'payout_unavailable', message: feeBalance };
  const feePromised = unsent.get(feeAsset)?.amountMinor ?? 0n;
  if (feeBalance - feePromised - unsentFees < fee) {
    return {
      ok: false,
      code: 'hot_wallet_fee_insufficient',
      message: `The hot wallet cannot pay the network fee of this ${asset} payout in ${feeAsset}: it holds ${show(feeBalance, feeAsset)}, of which ${formatMinor(feePromised, feeAsset)} is promised to ${feeAsset} payouts not yet sent and ${formatMinor(unsentFees, feeAsset)} is kept for the network fees of ${unsentCount} payouts not yet sent; this one needs up to ${show(fee, feeAsset)} (${allowance.basis}). Nothing was sent: try again once the hot wallet's ${feeAsset} is topped up.`,
    };
  }
  return null;
}

/** The balance, or the message saying it cannot be read. */
async function balanceOf(sender: PayoutSender, asset: CryptoAsset): Promise<bigint | string> {
  try {
    return (await sender.balance(asset)).balanceMinor;
  } catch (error) {
    return `The ${asset} hot wallet cannot be read right now: ${(error as Error).message}`;
  }
}
