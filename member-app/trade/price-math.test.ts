import { describe, expect, it } from 'vitest';
import { convert } from '#core/contract/conversions.ts';
import { EXAMPLE_TRANSACTION } from '#core/contract/transactions.ts';
import { createApiClient } from '#ui/api/api-client.ts';
import { createAttemptKey, outcomeUnknown, randomKey } from './attempt-key.ts';
import { estimate, percentFee, priceLine } from './price-math.ts';

describe('the price preview', () => {
  it.each([
    ['1.50% of 100.00 EUR', 10000n, '1.50', 150n],
    ['1.5% of 0.01 EUR rounds up to a cent', 1n, '1.5', 1n],
    ['0% is no fee', 10000n, '0', 0n],
    ['a malformed percent charges nothing in the preview', 10000n, 'x', 0n],
  ] as const)('the fee of %s', (_name, minor, percent, expected) => {
    expect(percentFee(minor, percent)).toBe(expected);
  });

  it('estimates what 200 EUR buys after a 1.5% fee, rounded down', () => {
    // 197.00 EUR at 0.00001724 BTC per EUR = 0.00339628 BTC
    expect(estimate(20000n, 'EUR', 'BTC', '0.00001724', '1.50')).toEqual({ fee: 300n, receive: 339628n });
  });

  it('has no estimate without a usable rate', () => {
    expect(estimate(20000n, 'EUR', 'BTC', undefined, '1.50')).toBeNull();
    expect(estimate(20000n, 'EUR', 'BTC', '0', '1.50')).toBeNull();
  });

  it.each([
    ['a fiat-to-coin rate is shown per coin', 'EUR', 'BTC', '0.00002', { unit: 'BTC', price: 5000000n, in: 'EUR' }],
    ['a coin-to-fiat rate is shown per coin', 'BTC', 'EUR', '49500.5', { unit: 'BTC', price: 4950050n, in: 'EUR' }],
    ['a coin-to-coin rate above one stays as it is', 'BTC', 'ETH', '20.5', { unit: 'BTC', price: 2050000000n, in: 'ETH' }],
    ['a coin-to-coin rate below one is turned around', 'ETH', 'BTC', '0.05', { unit: 'BTC', price: 2000000000n, in: 'ETH' }],
  ] as const)('%s', (_name, from, to, rate, expected) => {
    expect(priceLine(from, to, rate)).toEqual(expected);
  });
});

describe('the Idempotency-Key of a confirm click', () => {
  it('stays the same across retries and changes after the answer', () => {
    let n = 0;
    const key = createAttemptKey(() => `key-${++n}`);
    expect(key.current()).toBe('key-1');
    expect(key.current()).toBe('key-1');
    key.settle();
    expect(key.current()).toBe('key-2');
  });

  it('is a UUID v4, made fresh each time', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomKey()).toMatch(uuid);
    expect(randomKey()).not.toBe(randomKey());
  });

  it('is still a UUID v4 where randomUUID is missing (plain http)', () => {
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(randomKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it.each([
    [0, 'network_error', true],
    [502, 'bad_response', true],
    [500, 'internal_error', true],
    [409, 'idempotency_in_flight', true],
    [409, 'quote_expired', false],
    [409, 'insufficient_funds', false],
    [200, 'ok', false],
  ] as const)('status %i %s leaves the outcome unknown: %s', (status, code, expected) => {
    expect(outcomeUnknown(status, code)).toBe(expected);
  });

  it('is sent as a header by the API client', async () => {
    let headers: Record<string, string> = {};
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      headers = init.headers as Record<string, string>;
      return new Response(JSON.stringify({ request_status: '1', request_details: { transaction: EXAMPLE_TRANSACTION } }), { status: 200 });
    }) as unknown as typeof fetch;
    const api = createApiClient({ bases: { main: '/v1', merchant: '/mapi' }, fetch: fetchImpl });
    const result = await api.call(convert, { body: { quote_id: 'qt_1' } }, { idempotencyKey: 'k-1' });
    expect(result.ok).toBe(true);
    expect(headers['Idempotency-Key']).toBe('k-1');
    expect(headers['Content-Type']).toBe('application/json');
  });
});

describe('a percent as the page writes it', () => {
  it.each([
    ['1.50', 'en', '1.50'],
    ['1.50', 'es', '1,50'],
    ['10', 'es', '10'],
  ] as const)('%s in %s is %s', async (percent, locale, expected) => {
    const { percentText } = await import('./percent-text.ts');
    expect(percentText(percent, locale)).toBe(expected);
  });
});
