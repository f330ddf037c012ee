import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { buildUrl, createApiClient } from './api-client.ts';
import type { ApiError } from './api-result.ts';

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(body === undefined ? 'not json' : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
}

describe('the API client', () => {
  it.each([
    ['/v1', 'users/login', undefined, '/v1/users/login'],
    ['/v1/', '/currentUser', { ip: undefined }, '/v1/currentUser'],
    ['/v1', 'currentUser', { is_flow: '1' }, '/v1/currentUser?is_flow=1'],
  ])('joins %s and %s into one address', (base, path, query, expected) => {
    expect(buildUrl(base, path, query)).toBe(expected);
  });

  it('sends JSON with the same-origin cookie and unwraps request_details', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const api = createApiClient({ base: '/v1', fetch: fakeFetch(200, { request_status: '1', request_details: { doubleAuth: 0 } }, seen) });
    const result = await api.request('POST', 'users/login', { body: { email: 'a@b.test' } });
    expect(result).toEqual({ ok: true, status: 200, data: { doubleAuth: 0 } });
    expect(seen.init?.credentials).toBe('same-origin');
    expect(seen.init?.body).toBe('{"email":"a@b.test"}');
    expect((seen.init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('keeps the whole failure: code, message, fields and the body', async () => {
    const body = { request_status: '0', error_message: { code: 'validation_failed', message: 'Check', fields: { email: ['Required field'] } } };
    const result = await createApiClient({ base: '/v1', fetch: fakeFetch(400, body) }).request('POST', 'users/register', { body: {} });
    expect(result).toEqual({ ok: false, status: 400, error: body.error_message, body });
  });

  it("a 200 whose request_status is not '1' is a failure", async () => {
    const body = { request_status: '0', error_message: { code: 'invalid_session', message: 'x', me: { error: ['invalid_session'] } } };
    const result = await createApiClient({ base: '/v1', fetch: fakeFetch(200, body) }).request('GET', 'currentUser');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.me).toEqual({ error: ['invalid_session'] });
  });

  it.each([
    ['a body that is not JSON', fakeFetch(502, undefined), 'bad_response'],
    ['a body that is not the envelope', fakeFetch(200, { hello: 1 }), 'bad_response'],
    ['a network failure', (async () => { throw new TypeError('offline'); }) as unknown as typeof fetch, 'network_error'],
  ])('%s becomes the %s failure', async (_name, fetchImpl, code) => {
    const result = await createApiClient({ base: '/v1', fetch: fetchImpl }).request('GET', 'users/me');
    expect(!result.ok && result.error.code).toBe(code);
  });

  it('a success that fails the schema is a bad_response failure', async () => {
    const schema = v.object({ user_token: v.string() });
    const api = createApiClient({ base: '/v1', fetch: fakeFetch(200, { request_status: '1', request_details: { user_token: 5 } }) });
    const result = await api.request('GET', 'users/me', { schema });
    expect(!result.ok && result.error.code).toBe('bad_response');
  });

  it('tells the listener of every failure, with its path', async () => {
    const heard: [ApiError, string][] = [];
    const body = { request_status: '0', error_message: { code: 'invalid_session', message: 'Please login again.' } };
    const api = createApiClient({ base: '/v1', fetch: fakeFetch(401, body), onFailure: (error, path) => heard.push([error, path]) });
    await api.request('GET', 'users/me');
    expect(heard).toEqual([[body.error_message, 'users/me']]);
  });
});
