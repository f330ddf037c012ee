import { describe, expect, it } from 'vitest';
import { acceptableMinor, canAccept, canRefund, checkRefundAmount, defaultRefund, fitsOnChain, maxRefund, refundSplit, addressStart, type RefundFacts } from './refund-rules.ts';

const base: RefundFacts = { status: 'settled', exception: 'paid_over', dueMinor: 100_000n, confirmedMinor: 150_000n, coveredMinor: 150_000n, refundedMinor: 0n, refundedUncreditedMinor: 0n, accepted: false };
const late: RefundFacts = { ...base, status: 'invalid', exception: 'paid_late', confirmedMinor: 100_000n, coveredMinor: 0n };
const show = (minor: bigint) => minor.toString();

describe('what a merchant may decide about a payment', () => {
  it.each<[string, RefundFacts, { max: bigint; fallback: bigint; accept: bigint; refund: boolean }]>([
    ['an overpayment offers its excess by default, up to everything received', base, { max: 150_000n, fallback: 50_000n, accept: 0n, refund: true }],
    ['an overpayment partly refunded offers what is left of the excess', { ...base, refundedMinor: 20_000n }, { max: 130_000n, fallback: 30_000n, accept: 0n, refund: true }],
    ['an overpayment whose excess was refunded offers nothing by default, but the rest may still be refunded', { ...base, refundedMinor: 50_000n }, { max: 100_000n, fallback: 0n, accept: 0n, refund: true }],
    ['a late payment may be accepted whole or refunded whole', late, { max: 100_000n, fallback: 100_000n, accept: 100_000n, refund: true }],
    ['a late payment partly refunded is accepted for the rest', { ...late, refundedMinor: 40_000n, refundedUncreditedMinor: 40_000n }, { max: 60_000n, fallback: 60_000n, accept: 60_000n, refund: true }],
    ['an accepted payment is not accepted again', { ...late, status: 'settled', coveredMinor: 100_000n, accepted: true }, { max: 100_000n, fallback: 100_000n, accept: 0n, refund: true }],
    ['money that came after an overpayment settled may be accepted', { ...base, coveredMinor: 120_000n }, { max: 150_000n, fallback: 50_000n, accept: 30_000n, refund: true }],
    ['of the money after settlement, what was refunded is not accepted', { ...base, coveredMinor: 120_000n, refundedMinor: 10_000n, refundedUncreditedMinor: 10_000n }, { max: 140_000n, fallback: 40_000n, accept: 20_000n, refund: true }],
    ['an extra accepted once is covered and not accepted again', { ...base, coveredMinor: 150_000n, accepted: true }, { max: 150_000n, fallback: 50_000n, accept: 0n, refund: true }],
    ['a payment still processing waits', { ...base, status: 'processing', coveredMinor: 0n }, { max: 0n, fallback: 0n, accept: 0n, refund: false }],
    ['a payment settled without an exception has nothing to decide', { ...base, exception: null, confirmedMinor: 100_000n }, { max: 0n, fallback: 0n, accept: 0n, refund: false }],
    ['a payment refunded in full has nothing left', { ...late, refundedMinor: 100_000n, refundedUncreditedMinor: 100_000n }, { max: 0n, fallback: 0n, accept: 0n, refund: false }],
  ])('%s', (_name, facts, expected) => {
    expect({ max: maxRefund(facts), fallback: defaultRefund(facts), accept: acceptableMinor(facts), refund: canRefund(facts) }).toEqual(expected);
    expect(canAccept(facts)).toBe(expected.accept > 0n);
  });

  it.each<[string, RefundFacts, bigint, { uncreditedMinor: bigint; fromBalanceMinor: bigint }]>([
    ['money never credited (late) is refunded without touching the balance', late, 30_000n, { uncreditedMinor: 30_000n, fromBalanceMinor: 0n }],
    ['a credited overpayment comes from the balance', base, 30_000n, { uncreditedMinor: 0n, fromBalanceMinor: 30_000n }],
    ['extra money after settlement is taken first, then the balance', { ...base, coveredMinor: 120_000n }, 50_000n, { uncreditedMinor: 30_000n, fromBalanceMinor: 20_000n }],
    ['what earlier refunds took of the never-credited money is not taken twice', { ...late, refundedMinor: 80_000n, refundedUncreditedMinor: 80_000n }, 20_000n, { uncreditedMinor: 20_000n, fromBalanceMinor: 0n }],
  ])('split: %s', (_name, facts, amount, expected) => {
    expect(refundSplit(facts, amount)).toEqual(expected);
  });

  it.each<[bigint, boolean]>([
    [50_000n, true],
    [150_000n, true],
    [150_001n, false],
    [0n, false],
  ])('a refund of %s of an overpayment of 150000 is allowed: %s', (amount, ok) => {
    expect(checkRefundAmount(base, 'BTC', amount, 'test', show).ok).toBe(ok);
  });

  it('USDT and USDC carry 6 decimals on chain: a refund with more is refused', () => {
    expect(fitsOnChain(1_000_000n, 'USDT')).toBe(true);
    expect(fitsOnChain(1_000_001n, 'USDT')).toBe(false);
    expect(checkRefundAmount({ ...base, confirmedMinor: 10_000_000n }, 'USDC', 1_000_001n, 'test', show)).toEqual({ ok: false, message: 'Use at most 6 decimals for USDC.' });
  });
});

describe('the address hint', () => {
  it.each([
    ['BTC', 'test', 'tb1'],
    ['LTC', 'test', 'tltc1'],
    ['BCH', 'test', 'bchtest:'],
    ['USDT', 'test', '0x'],
    ['BTC', 'regtest', 'bcrt1'],
    ['LTC', 'regtest', 'rltc1'],
    ['BCH', 'regtest', 'bchreg:'],
    ['ETH', 'regtest', '0x'],
    ['BTC', 'main', 'bc1'],
    ['LTC', 'main', 'ltc1'],
    ['BCH', 'main', 'bitcoincash:'],
  ] as const)('a %s address on the %s network starts with %s', (coin, network, start) => {
    expect(addressStart(coin, network)).toBe(start);
  });
});
