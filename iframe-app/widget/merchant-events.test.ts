import { describe, expect, it } from 'vitest';
import type { TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import { isPortMessage, PROTOCOL_VERSION } from '#core/protocol.ts';
import { announcementsFor, claimOnce, failureReasonFor, sessionMatches, unavailableError, type Announcement } from './merchant-events.ts';

const TOKEN = 'pay_abcdefghijklmnopqrstuv';
const DETECTED: Announcement = { type: 'payment-detected', data: { transaction_id: TOKEN, amount: '129.00', currency: 'EUR' } };
const status = (fields: Pick<TransactionStatusAnswer, 'status' | 'exception'>) => ({ transaction_token: TOKEN, amount: '129.00', currency: 'EUR' as const, ...fields });

describe('the SDK event a status owes the merchant page', () => {
  it.each<[string, Pick<TransactionStatusAnswer, 'status' | 'exception'>, Announcement[]]>([
    ['a new payment owes nothing yet', { status: 'new', exception: null }, []],
    ['processing is payment-detected with the order amount in fiat', { status: 'processing', exception: null }, [DETECTED]],
    ['settled is payment-detected (if the poll missed processing), then payment-success', { status: 'settled', exception: null }, [DETECTED, { type: 'payment-success' }]],
    ['an overpaid settled payment is still a success', { status: 'settled', exception: 'paid_over' }, [DETECTED, { type: 'payment-success' }]],
    ['expired is payment-failed "expired"', { status: 'expired', exception: null }, [{ type: 'payment-failed', data: { reason: 'expired', transaction_id: TOKEN } }]],
    ['an underpaid expired payment says paid_partial', { status: 'expired', exception: 'paid_partial' }, [{ type: 'payment-failed', data: { reason: 'paid_partial', transaction_id: TOKEN } }]],
    ['a late payment says paid_late', { status: 'expired', exception: 'paid_late' }, [{ type: 'payment-failed', data: { reason: 'paid_late', transaction_id: TOKEN } }]],
    ['invalid is payment-failed "invalid"', { status: 'invalid', exception: null }, [{ type: 'payment-failed', data: { reason: 'invalid', transaction_id: TOKEN } }]],
  ])('%s', (_name, fields, announcement) => {
    expect(announcementsFor(status(fields))).toEqual(announcement);
  });

  it.each([
    ['invalid', 'paid_over', 'invalid'],
    ['invalid', 'paid_partial', 'paid_partial'],
    ['expired', 'paid_over', 'expired'],
  ] as const)('%s with %s fails as %s', (s, exception, reason) => {
    expect(failureReasonFor({ status: s, exception })).toBe(reason);
  });
});

describe('each event once per payment per bridge', () => {
  it('claims an event the first time only, for each payment and event apart', () => {
    const sent = new Set<string>();
    expect(claimOnce(sent, TOKEN, 'payment-detected')).toBe(true);
    expect(claimOnce(sent, TOKEN, 'payment-detected')).toBe(false);
    expect(claimOnce(sent, TOKEN, 'payment-success')).toBe(true);
    expect(claimOnce(sent, 'pay_other_payment_token_x', 'payment-detected')).toBe(true);
  });

  it('another bridge (another set) starts afresh', () => {
    const first = new Set<string>();
    claimOnce(first, TOKEN, 'payment-detected');
    expect(claimOnce(new Set<string>(), TOKEN, 'payment-detected')).toBe(true);
  });
});

describe('validateTransaction: the SDK session must match the payment shown', () => {
  const ids = { merchantId: 'mch_demo', transactionId: TOKEN };
  it.each([
    ['a pay button session of the same merchant', { merchantId: 'mch_demo' }, true],
    ['a token session of the same payment', { merchantId: 'mch_demo', token: TOKEN }, true],
    ['another merchant', { merchantId: 'mch_other' }, false],
    ['another payment of the same merchant', { merchantId: 'mch_demo', token: 'pay_zzzzzzzzzzzzzzzzzzzzzz' }, false],
  ])('%s: %s', (_name, params, matches) => {
    expect(sessionMatches(params, ids)).toBe(matches);
  });
});

describe('a rates or status failure tells the merchant page why the buyer sees no checkout', () => {
  const CHANNEL = '1-2-3-4';
  it.each([
    ['rates', 'rates_unavailable'],
    ['status', 'status_unavailable'],
  ] as const)('a %s failure is an error event %s the protocol accepts', (what, code) => {
    const data = unavailableError(what);
    expect(data.code).toBe(code);
    expect(isPortMessage({ v: PROTOCOL_VERSION, ch: CHANNEL, type: 'error', data }, CHANNEL)).toBe(true);
  });
});
