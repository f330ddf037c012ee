import { describe, expect, it } from 'vitest';
import { convert } from '#core/contract/conversions.ts';
import { EXAMPLE_TRANSACTION } from '#core/contract/transactions.ts';
import { createApiClient } from '#ui/api/api-client.ts';
import { createAttemptKey, outcomeUnknown, randomKey } from './attempt-key.ts';

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
