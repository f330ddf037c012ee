import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RatesRequestSchema } from './merchant-info.ts';
import { CheckoutSchema, ChooseCurrencySchema, CreateTransactionSchema, ExpireTransactionSchema, TransactionStatusSchema } from './merchant-payments.ts';

const ORDER = { merchant_id: 'mch_demo_verdant', currency_1_iso: 'BTC', currency: 'EUR', amount: '120.00' };

describe('merchant API payments contract', () => {
  it('a minimal order is valid; product and custom fields are optional', () => {
    expect(v.safeParse(CreateTransactionSchema, ORDER).success).toBe(true);
    expect(v.safeParse(CreateTransactionSchema, { ...ORDER, transaction_product: 'Rake', transaction_c1: null, transaction_c4: 'x' }).success).toBe(true);
  });

  it('the coin is optional: without it (absent or null) the buyer chooses it in the widget', () => {
    const { currency_1_iso: _coin, ...noCoin } = ORDER;
    expect(v.safeParse(CreateTransactionSchema, noCoin).success).toBe(true);
    expect(v.safeParse(CreateTransactionSchema, { ...ORDER, currency_1_iso: null }).success).toBe(true);
    expect(v.safeParse(CreateTransactionSchema, { ...noCoin, currency_1_amount: null }).success).toBe(true);
  });

  it.each([
    { case: 'a coin amount without its coin', input: { ...ORDER, currency_1_iso: undefined, currency_1_amount: '0.01' }, path: 'currency_1_amount' },
    { case: 'a coin amount with a null coin', input: { ...ORDER, currency_1_iso: null, currency_1_amount: '0.01' }, path: 'currency_1_amount' },
    { case: 'a fiat coin', input: { ...ORDER, currency_1_iso: 'EUR' }, path: 'currency_1_iso' },
    { case: 'a coin as the fiat', input: { ...ORDER, currency: 'BTC' }, path: 'currency' },
    { case: 'an amount as a number', input: { ...ORDER, amount: 120 }, path: 'amount' },
    { case: 'a custom field of 201 characters', input: { ...ORDER, transaction_c2: 'x'.repeat(201) }, path: 'transaction_c2' },
  ])('refuses $case', ({ input, path }) => {
    const result = v.safeParse(CreateTransactionSchema, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0] && v.getDotPath(result.issues[0])).toBe(path);
  });

  it('status takes a pay_ token only; rates take pairs like EUR_BTC', () => {
    expect(v.safeParse(TransactionStatusSchema, { merchant_id: 'mch_a', transaction_id: 'pay_0123456789abcdefghij_-' }).success).toBe(true);
    expect(v.safeParse(TransactionStatusSchema, { merchant_id: 'mch_a', transaction_id: 'txn_0123456789abcdefghij_-' }).success).toBe(false);
    expect(v.safeParse(RatesRequestSchema, { merchant_id: 'mch_a', currencies: ['EUR_BTC'] }).success).toBe(true);
    expect(v.safeParse(RatesRequestSchema, { merchant_id: 'mch_a', currencies: [] }).success).toBe(false);
    expect(v.safeParse(RatesRequestSchema, { merchant_id: 'mch_a', currencies: ['eur-btc'] }).success).toBe(false);
  });

  it.each([
    { case: 'a coin', input: { merchant_id: 'mch_a', transaction_id: 'pay_0123456789abcdefghij_-', currency_1_iso: 'USDC' }, ok: true },
    { case: 'a fiat currency', input: { merchant_id: 'mch_a', transaction_id: 'pay_0123456789abcdefghij_-', currency_1_iso: 'EUR' }, ok: false },
    { case: 'no coin', input: { merchant_id: 'mch_a', transaction_id: 'pay_0123456789abcdefghij_-' }, ok: false },
  ])('choosing the currency with $case is valid: $ok', ({ input, ok }) => {
    expect(v.safeParse(ChooseCurrencySchema, input).success).toBe(ok);
  });

  it.each([
    { case: 'the minimum: merchant, amount, currency', input: { merchant_id: 'mch_a', amount: '10.00', currency: 'EUR' }, ok: true },
    { case: 'everything', input: { merchant_id: 'mch_a', amount: '10.00', currency: 'EUR', product: 'Hat', order_id: 'o-1', lang: 'es' }, ok: true },
    { case: 'no amount', input: { merchant_id: 'mch_a', currency: 'EUR' }, ok: false },
    { case: 'a coin as the currency', input: { merchant_id: 'mch_a', amount: '10.00', currency: 'BTC' }, ok: false },
    { case: 'another language', input: { merchant_id: 'mch_a', amount: '10.00', currency: 'EUR', lang: 'de' }, ok: false },
    { case: 'a return URL (refused: the public button would be an open redirect)', input: { merchant_id: 'mch_a', amount: '10.00', currency: 'EUR', return_url: 'https://shop.example.com/thanks' }, ok: false },
    { case: 'a javascript: return URL', input: { merchant_id: 'mch_a', amount: '10.00', currency: 'EUR', return_url: 'javascript:alert(1)' }, ok: false },
  ])('the pay button checkout with $case is valid: $ok', ({ input, ok }) => {
    expect(v.safeParse(CheckoutSchema, input).success).toBe(ok);
  });

  it.each([
    { case: 'an https URL', url: 'https://shop.example.com/thanks?order=17', ok: true, output: 'https://shop.example.com/thanks?order=17' },
    { case: 'an http URL (test mode; live mode is the server\'s rule)', url: 'http://localhost:4182/', ok: true, output: 'http://localhost:4182/' },
    { case: 'surrounding spaces, trimmed', url: '  https://shop.example.com/  ', ok: true, output: 'https://shop.example.com/' },
    { case: 'null (the merchant\'s widget_return_url applies)', url: null, ok: true, output: null },
    { case: 'a javascript: URL', url: 'javascript:alert(1)', ok: false, output: null },
    { case: 'a relative path', url: '/thanks', ok: false, output: null },
    { case: 'an empty string', url: '', ok: false, output: null },
    { case: 'a number', url: 42, ok: false, output: null },
    { case: '2001 characters', url: `https://shop.example.com/${'x'.repeat(1976)}`, ok: false, output: null },
  ])('an order\'s return_url as $case is valid: $ok', ({ url, ok, output }) => {
    const result = v.safeParse(CreateTransactionSchema, { ...ORDER, return_url: url });
    expect(result.success).toBe(ok);
    if (result.success) expect(result.output.return_url).toBe(output);
    // A refusal names the field, with one message saying what to send.
    else expect(v.flatten<typeof CreateTransactionSchema>(result.issues).nested?.return_url).toHaveLength(1);
  });

  it('expire takes the merchant id and a pay_ token', () => {
    expect(v.safeParse(ExpireTransactionSchema, { merchant_id: 'mch_a', transaction_id: 'pay_0123456789abcdefghij_-' }).success).toBe(true);
    expect(v.safeParse(ExpireTransactionSchema, { merchant_id: 'mch_a', transaction_id: 'order-17' }).success).toBe(false);
    expect(v.safeParse(ExpireTransactionSchema, { transaction_id: 'pay_0123456789abcdefghij_-' }).success).toBe(false);
  });
});
