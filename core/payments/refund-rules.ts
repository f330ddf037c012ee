// What a merchant may decide about a payment the lifecycle left for a human (core/payments/payment-rules.ts):
// an overpayment, an underpayment, a late payment or an invalid one. Pure, so the server that decides and
// the page that offers the buttons agree on the same numbers.
//
//   accept   an invalid payment (paid_late, or paid_partial when the monitoring window closed) is settled
//            as it is: what was received and confirmed, less what was already refunded of it, less the
//            merchant fee, is credited once, through the same settlement as any payment. Money that
//            arrived after a payment settled (paid_over, kept on record, never credited) may be accepted
//            the same way: what is left of it, less the fee, is credited in the coin.
//   refund   money that was received and confirmed goes back to an address the buyer gives. Never more
//            than was received, minus what was already refunded (a released, expired claim gives its
//            amount back). For an overpayment the excess is offered by default.
//
// Only a payment at rest can be decided on: settled (with an exception) or invalid. A payment still
// processing may change under the chain's reports; the merchant waits until it settles or turns invalid.
//
// Network fee rule: the refund's amount is what leaves the merchant's books; the payout's network fee is
// taken from it, so the buyer receives amount - network fee. On the test network the fee is 0.

import type { CryptoAsset } from '../assets.ts';
import { CASHADDR_PREFIX, FAMILY_OF, ON_CHAIN_DECIMALS, SEGWIT_PARAMS, type ChainFamily, type NetworkKind } from '../chain/networks.ts';
import { CRYPTO_DECIMALS } from '../assets.ts';
import { settlementSplit, type PaymentException, type PaymentStatus } from './payment-rules.ts';

/** How long a buyer has to give an address before the claim lapses and the reserved amount is released. */
export const REFUND_CLAIM_TTL_S = 14 * 24 * 3600;

export interface RefundFacts {
  status: PaymentStatus;
  exception: PaymentException | null;
  dueMinor: bigint;
  /** Received and confirmed on the chain, in total. */
  confirmedMinor: bigint;
  /** What the settlement covered (credited + fee); 0 when the payment was never credited. */
  coveredMinor: bigint;
  /** The refunds not released: claimable or sent. */
  refundedMinor: bigint;
  /** Of those, the part that had never been credited to the merchant. */
  refundedUncreditedMinor: bigint;
  accepted: boolean;
}

/** The network fee the payout of a refund costs, taken from the refund: 0 on the test network. */
export function refundNetworkFee(_coin: CryptoAsset, _network: NetworkKind): bigint {
  // Only the test network pays out in this build, and it charges nothing; a live chain adapter will
  // price its own transaction here.
  return 0n;
}

/** A payment the merchant may decide on: at rest (settled or invalid) and with something to decide. */
function atRest(facts: RefundFacts): boolean {
  return facts.status === 'invalid' || (facts.status === 'settled' && facts.exception !== null);
}

export function maxRefund(facts: RefundFacts): bigint {
  if (!atRest(facts)) return 0n;
  const left = facts.confirmedMinor - facts.refundedMinor;
  return left > 0n ? left : 0n;
}

/** The amount the form starts with: an overpayment's excess, else everything that can be refunded. */
export function defaultRefund(facts: RefundFacts): bigint {
  const max = maxRefund(facts);
  if (facts.exception === 'paid_over') {
    const excess = facts.confirmedMinor - facts.dueMinor - facts.refundedMinor;
    if (excess <= 0n) return 0n;
    return excess < max ? excess : max;
  }
  return max;
}

/** Received, and neither credited to the merchant nor already refunded: what a refund takes first. */
export function uncreditedLeft(facts: RefundFacts): bigint {
  const left = facts.confirmedMinor - facts.coveredMinor - facts.refundedUncreditedMinor;
  return left > 0n ? left : 0n;
}

/** How a refund of `amountMinor` splits: the never-credited part first, the rest from the merchant's balance. */
export function refundSplit(facts: RefundFacts, amountMinor: bigint): { uncreditedMinor: bigint; fromBalanceMinor: bigint } {
  const pool = uncreditedLeft(facts);
  const uncreditedMinor = amountMinor < pool ? amountMinor : pool;
  return { uncreditedMinor, fromBalanceMinor: amountMinor - uncreditedMinor };
}

/**
 * What accepting would settle: for an invalid payment, what was received less what was refunded of it;
 * for a settled overpayment, the money that came after the settlement and was neither credited nor refunded.
 */
export function acceptableMinor(facts: RefundFacts): bigint {
  if (facts.status === 'settled' && facts.exception === 'paid_over') return uncreditedLeft(facts);
  if (facts.status !== 'invalid' || facts.accepted) return 0n;
  const left = facts.confirmedMinor - facts.refundedUncreditedMinor;
  return left > 0n ? left : 0n;
}

export function canAccept(facts: RefundFacts): boolean {
  return acceptableMinor(facts) > 0n;
}

export function canRefund(facts: RefundFacts): boolean {
  return maxRefund(facts) > 0n;
}

/** The settlement an accept makes: the same split (the payment's own fee, rounded up) as any settled payment. */
export function acceptSplit(facts: RefundFacts, feeBps: number): { feeMinor: bigint; creditedMinor: bigint } {
  return settlementSplit(acceptableMinor(facts), feeBps);
}

/** Can the chain carry this many decimals of the coin (USDT and USDC: 6)? */
export function fitsOnChain(minor: bigint, coin: CryptoAsset): boolean {
  const shift = CRYPTO_DECIMALS - ON_CHAIN_DECIMALS[coin];
  return shift <= 0 || minor % 10n ** BigInt(shift) === 0n;
}

export type RefundAmountCheck = { ok: true } | { ok: false; message: string };

/** Is `amountMinor` a refund the payment allows? The messages say what to enter instead. */
export function checkRefundAmount(facts: RefundFacts, coin: CryptoAsset, amountMinor: bigint, network: NetworkKind, format: (minor: bigint) => string): RefundAmountCheck {
  const max = maxRefund(facts);
  const fee = refundNetworkFee(coin, network);
  if (amountMinor <= 0n) return { ok: false, message: 'Enter an amount above zero.' };
  if (amountMinor > max) return { ok: false, message: `You can refund at most ${format(max)} ${coin}: what was received, less what was already refunded.` };
  if (amountMinor <= fee) return { ok: false, message: `Enter more than the network fee of ${format(fee)} ${coin}.` };
  if (!fitsOnChain(amountMinor, coin)) return { ok: false, message: `Use at most ${ON_CHAIN_DECIMALS[coin]} decimals for ${coin}.` };
  return { ok: true };
}

/**
 * How the buyer's address starts on the network this server runs on, for the page's hint in any language
 * (test tb1, regtest bcrt1 / rltc1 / bchreg:, main bc1 / ltc1 / bitcoincash:). Segwit only for Bitcoin and
 * Litecoin: the form the hint recommends, though legacy addresses are accepted on the main network.
 */
export function addressStart(coin: CryptoAsset, network: NetworkKind): string {
  const family: ChainFamily = FAMILY_OF[coin];
  switch (family) {
    case 'bitcoin':
    case 'litecoin':
      return `${SEGWIT_PARAMS[family][network].bech32}1`;
    case 'bitcoincash':
      return `${CASHADDR_PREFIX[network]}:`;
    case 'ethereum':
      return '0x';
  }
}
