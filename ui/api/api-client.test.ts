import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoint, type AnyEndpoint } from '#core/contract/endpoint.ts';
import { object } from '#core/contract/schema-kit.ts';
import { buildUrl, createApiClient } from './api-client.ts';
import type { ApiError } from './api-result.ts';

const bases = { main: '/v1', merchant: '/mapi' };

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(body === undefined ? 'not json' : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
}

const docs = { summary: 'test', errors: [], example: { answer: { doubleAuth: 0 } } } as never;

const login = endpoint({
  id: 'test.login',
  method: 'POST',
  base: 'main',
  path: 'users/login',
  caller: 'public',
  body: object({ email: v.string() }),
  answer: v.object({ doubleAuth: v.picklist([0, 1]) }),
  idempotency: false,
  rate: 'auth',
  docs,
});

const checkout = endpoint({
  id: 'test.getCheckout',
  method: 'GET',
  base: 'main',
  path: 'checkout/getCheckout/{id}',
  caller: 'public',
  params: object({ id: v.string() }),
  query: object({ ip: v.optional(v.string()) }),
  answer: v.object({ id: v.string() }),
  format: 'checkout',
  idempotency: false,
  rate: 'none',
  docs,
});

const transaction = endpoint({
  id: 'test.transaction',
  method: 'POST',
  base: 'merchant',
  path: 'api/transaction',
  caller: 'merchant_secret',
  body: object({ amount: v.string() }),
  answer: v.object({ transaction_token: v.string() }),
  idempotency: true,
  rate: 'standard',
  docs,
});

describe('the API client', () => {
  it.each([
    ['/v1', 'users/login', undefined, '/v1/users/login'],
    ['/v1/', '/currentUser', { ip: undefined }, '/v1/currentUser'],
    ['/v1', 'currentUser', { is_flow: '1' }, '/v1/currentUser?is_flow=1'],
    ['https://api.example.com/v1', 'transactions/getTransactions', { page: 2 }, 'https://api.example.com/v1/transactions/getTransactions?page=2'],
  ])('joins %s and %s into one address', (base, path, query, expected) => {
    expect(buildUrl(base, path, query)).toBe(expected);
  });

  it('sends the endpoint method and JSON body with the same-origin cookie, and unwraps request_details', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const api = createApiClient({ bases, fetch: fakeFetch(200, { request_status: '1', request_details: { doubleAuth: 0 } }, seen) });
    const result = await api.call(login, { body: { email: 'a@b.test' } });
    expect(result).toEqual({ ok: true, status: 200, data: { doubleAuth: 0 } });
    expect(seen.url).toBe('/v1/users/login');
    expect(seen.init?.method).toBe('POST');
    expect(seen.init?.credentials).toBe('same-origin');
    expect(seen.init?.body).toBe('{"email":"a@b.test"}');
    expect((seen.init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('fills path parameters (encoded), adds the query and reads the checkout envelope', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const api = createApiClient({ bases, fetch: fakeFetch(200, { success: true, data: { id: 'chk 1' } }, seen) });
    const result = await api.call(checkout, { params: { id: 'chk 1' }, query: { ip: '1.2.3.4' } });
    expect(seen.url).toBe('/v1/checkout/getCheckout/chk%201?ip=1.2.3.4');
    expect(seen.init?.body).toBeUndefined();
    expect(result).toEqual({ ok: true, status: 200, data: { id: 'chk 1' } });
  });

  it('sends a merchant endpoint to the merchant API base with its Idempotency-Key', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const api = createApiClient({ bases, fetch: fakeFetch(200, { request_status: '1', request_details: { transaction_token: 'pay_1' } }, seen) });
    await api.call(transaction, { body: { amount: '1.00' } }, { idempotencyKey: 'order-1' });
    expect(seen.url).toBe('/mapi/api/transaction');
    expect((seen.init?.headers as Record<string, string>)['Idempotency-Key']).toBe('order-1');
  });

  it.each([
    ['a call the authorization option answers for carries it', checkout, 'Bearer flw_x', 'Bearer flw_x'],
    ['a call it answers undefined for carries none', login, undefined, undefined],
  ] as const)('%s', async (_, target, answer, expected) => {
    const seen: { url?: string; init?: RequestInit } = {};
    const asked: string[] = [];
    const api = createApiClient({
      bases,
      fetch: fakeFetch(200, { success: true, data: { id: 'chk 1' } }, seen),
      authorization: (endpoint) => {
        asked.push(endpoint.id);
        return answer;
      },
    });
    await api.call(target as AnyEndpoint, (target === checkout ? { params: { id: 'chk 1' } } : { body: { email: 'a@b.test' } }) as never);
    expect(asked).toEqual([target.id]);
    expect((seen.init?.headers as Record<string, string>).Authorization).toBe(expected);
  });

  it('keeps the whole failure: code, message, fields and the body', async () => {
    const body = { request_status: '0', error_message: { code: 'validation_failed', message: 'Check', fields: { email: ['Required field'] } } };
    const result = await createApiClient({ bases, fetch: fakeFetch(400, body) }).call(login, { body: { email: '' } });
    expect(result).toEqual({ ok: false, status: 400, error: body.error_message, body });
  });

  it.each([
    [900, 900],
    [-5, undefined],
    ['60', undefined],
    [1.5, undefined],
  ])('keeps the wait of a failure that has one: retry_after_s %j reads as %j', async (sent, kept) => {
    const body = { request_status: '0', error_message: { code: 'account_locked', message: 'Try again in 15 minutes.', retry_after_s: sent } };
    const result = await createApiClient({ bases, fetch: fakeFetch(423, body) }).call(login, { body: { email: 'a@b.test' } });
    expect(!result.ok && result.error.retry_after_s).toBe(kept);
  });

  it("a 200 whose request_status is not '1' is a failure", async () => {
    const body = { request_status: '0', error_message: { code: 'invalid_session', message: 'x', me: { error: ['invalid_session'] } } };
    const result = await createApiClient({ bases, fetch: fakeFetch(200, body) }).call(login, { body: { email: 'a@b.test' } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.me).toEqual({ error: ['invalid_session'] });
  });

  it.each([
    ['a body that is not JSON', fakeFetch(502, undefined), 'bad_response'],
    ['a body that is not the envelope', fakeFetch(200, { hello: 1 }), 'bad_response'],
    ['a success that fails the answer schema', fakeFetch(200, { request_status: '1', request_details: { doubleAuth: 'yes' } }), 'bad_response'],
    ['a network failure', (async () => { throw new TypeError('offline'); }) as unknown as typeof fetch, 'network_error'],
  ])('%s becomes the %s failure', async (_name, fetchImpl, code) => {
    const result = await createApiClient({ bases, fetch: fetchImpl }).call(login, { body: { email: 'a@b.test' } });
    expect(!result.ok && result.error.code).toBe(code);
  });

  it('tells the listener of every failure, with its endpoint', async () => {
    const heard: [ApiError, AnyEndpoint][] = [];
    const body = { request_status: '0', error_message: { code: 'invalid_session', message: 'Please login again.' } };
    const api = createApiClient({ bases, fetch: fakeFetch(401, body), onFailure: (error, called) => heard.push([error, called]) });
    await api.call(login, { body: { email: 'a@b.test' } });
    expect(heard).toEqual([[body.error_message, login]]);
  });
});
