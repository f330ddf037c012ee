// The top_up of the create/details answer: an underpaid payment still open gets a payment URI and QR code
// for what is still due, so a buyer who scans it sends the rest, not the whole amount again.

import { describe, expect, it } from 'vitest';
import type { CryptoAsset } from '#core/assets.ts';
import { paymentUri } from '#core/chain/payment-uri.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import type { PaymentStatus } from '#core/payments/payment-rules.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { qrDataUrl } from './payment-qr.ts';
import { createCoinlessOrder, createOrder, mapi, mine, payOnTestNetwork, paymentStatus } from './payment-test-kit.ts';
import { topUpMinor } from './transaction-answer.ts';

const MERCHANT = 'mch_demo_verdant';

function minorOf(amount: string, coin: CryptoAsset): bigint {
  const parsed = parseAmount(amount, coin);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

describe('what a top-up must still send', () => {
  const expiresAt = new Date('2026-01-01T12:15:00Z');
  const before = new Date(expiresAt.getTime() - 1);
  it.each<{ case: string; status: PaymentStatus; paid: bigint; now: Date; rest: bigint | null }>([
    { case: 'nothing paid: none', status: 'new', paid: 0n, now: before, rest: null },
    { case: 'part paid, processing: the rest', status: 'processing', paid: 400n, now: before, rest: 600n },
    { case: 'part paid, still new: the rest', status: 'new', paid: 1n, now: before, rest: 999n },
    { case: 'paid in full: none', status: 'processing', paid: 1000n, now: before, rest: null },
    { case: 'overpaid: none', status: 'processing', paid: 1500n, now: before, rest: null },
    { case: 'part paid, at expires_at: none (a top-up would be late)', status: 'processing', paid: 400n, now: expiresAt, rest: null },
    { case: 'part paid, invalid: none', status: 'invalid', paid: 400n, now: before, rest: null },
    { case: 'part paid, expired: none', status: 'expired', paid: 400n, now: before, rest: null },
    { case: 'settled: none', status: 'settled', paid: 1000n, now: before, rest: null },
  ])('$case', ({ status, paid, now, rest }) => {
    expect(topUpMinor({ status, paid_minor: paid, amount_due_minor: 1000n, expires_at: expiresAt }, now)).toBe(rest);
  });
});

describe.each(testDatabases())('the top-up of an underpaid payment on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  const details = async (token: string) => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction/details', { merchant_id: MERCHANT, transaction_id: token });
    expect(answer.status).toBe(200);
    return answer.body.request_details;
  };

  it('a payment without a coin has no top-up', async () => {
    const order = await createCoinlessOrder(t.app, key());
    expect(order.top_up).toBeNull();
    expect((await details(order.transaction_token)).top_up).toBeNull();
  });

  type Order = Record<string, any>;
  it.each<{ case: string; coin: CryptoAsset; pay: (due: bigint) => bigint[]; then?: (order: Order) => Promise<void>; status: PaymentStatus; rest: ((due: bigint) => bigint) | null }>([
    { case: 'before any payment: none', coin: 'BTC', pay: () => [], status: 'new', rest: null },
    { case: 'underpaid: the rest', coin: 'BTC', pay: (due) => [due / 3n], status: 'processing', rest: (due) => due - due / 3n },
    { case: 'underpaid in two payments: what both leave', coin: 'BTC', pay: (due) => [due / 4n, due / 4n], status: 'processing', rest: (due) => due - 2n * (due / 4n) },
    { case: 'underpaid and confirmed short: still the rest', coin: 'BTC', pay: (due) => [due - 1000n], then: () => mine(t.app, 3), status: 'processing', rest: () => 1000n },
    { case: 'underpaid in a token (EIP-681): the rest', coin: 'USDT', pay: (due) => [due / 2n], status: 'processing', rest: (due) => due - due / 2n },
    { case: 'paid in full, not yet confirmed: none', coin: 'BTC', pay: (due) => [due], status: 'processing', rest: null },
    { case: 'underpaid then topped up: none', coin: 'BTC', pay: (due) => [due - 1000n, 1000n], status: 'processing', rest: null },
    { case: 'paid in full and settled: none', coin: 'BTC', pay: (due) => [due], then: () => mine(t.app, 6), status: 'settled', rest: null },
    {
      case: 'underpaid past expires_at, before any sweep: none (a top-up would be late)',
      coin: 'BTC',
      pay: (due) => [due / 2n],
      then: async (order) => {
        await t.app.db.updateTable('payments').set({ expires_at: new Date(Date.now() - 1000) }).where('public_id', '=', order.transaction_token).execute();
      },
      status: 'processing',
      rest: null,
    },
  ])('$case', async ({ coin, pay, then, status, rest }) => {
    const order = await createOrder(t.app, key(), { currency_1_iso: coin });
    expect(order.top_up).toBeNull();
    const due = minorOf(order.currency_1_amount, coin);
    for (const amount of pay(due)) await payOnTestNetwork(t.app, coin, order.currency_1_address, formatMinor(amount, coin));
    await then?.(order);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe(status);

    const answer = await details(order.transaction_token);
    // The whole amount's URI and QR stay as they were: top_up is beside them, not instead.
    expect(answer.payment_uri).toBe(order.payment_uri);
    expect(answer.currency_1_amount).toBe(order.currency_1_amount);
    if (rest === null) {
      expect(answer.top_up).toBeNull();
      return;
    }
    const restMinor = rest(due);
    expect(restMinor).toBeGreaterThan(0n);
    const uri = paymentUri(coin, order.currency_1_address, restMinor, 'test');
    expect(answer.top_up).toEqual({ currency_1_amount: formatMinor(restMinor, coin), payment_uri: uri, qr: await qrDataUrl(uri) });
    expect(answer.top_up.payment_uri).not.toBe(order.payment_uri);
  });
});
