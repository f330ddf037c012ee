import { describe, expect, it } from 'vitest';
import { apiError } from './http/api-error.ts';
import { useTestApp, testDatabases } from './test-helper.ts';

describe.each(testDatabases())('app on $name', ({ name }) => {
  const t = useTestApp(name, {
    extraRoutes: async (app) => {
      app.get('/v1/test/explode', async () => {
        throw new Error('connection to 10.0.0.7 refused; secret=hunter2');
      });
      app.get('/v1/test/refuse', async () => {
        throw apiError('forbidden');
      });
      app.post('/v1/test/echo', async (request) => ({ received: request.body }));
    },
  });

  it('generates a request id and echoes it in x-request-id', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    { sent: 'edge-1234.abc', echoed: 'edge-1234.abc' },
    { sent: 'bad id with spaces', echoed: /^[0-9a-f-]{36}$/ },
    { sent: 'x'.repeat(200), echoed: /^[0-9a-f-]{36}$/ },
  ])('an incoming x-request-id "$sent" is kept only when it looks sane', async ({ sent, echoed }) => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': sent } });
    if (typeof echoed === 'string') expect(response.headers['x-request-id']).toBe(echoed);
    else expect(response.headers['x-request-id']).toMatch(echoed);
  });

  it('an unexpected error is a 500 internal_error with no internals, logged with the request id', async () => {
    const response = await t.app.inject({ url: '/v1/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      request_status: '0',
      error_message: { code: 'internal_error', message: 'Something went wrong on our side. Please try again later.' },
    });
    expect(response.body).not.toContain('10.0.0.7');
    expect(response.body).not.toContain('hunter2');
    const logged = t.logs.entries().find((entry) => entry.msg === 'unexpected error; answered 500 internal_error');
    expect(logged?.reqId).toBe(response.headers['x-request-id']);
    expect(JSON.stringify(logged?.err)).toContain('connection to 10.0.0.7 refused');
  });

  it('a refused request answers its catalogue status and code', async () => {
    const response = await t.app.inject({ url: '/v1/test/refuse' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ request_status: '0', error_message: { code: 'forbidden', message: 'You do not have permission to do this.' } });
  });

  it.each([
    { label: 'an unknown API path', url: '/v1/nothing-here', accept: 'text/html' },
    { label: 'an unknown merchant API path', url: '/mapi/api/nothing', accept: 'application/json' },
    { label: 'an unknown path from a script', url: '/wp-login.php', accept: '*/*' },
  ])('$label is a 404 not_found envelope', async ({ url, accept }) => {
    const response = await t.app.inject({ url, headers: { accept } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ request_status: '0', error_message: { code: 'not_found' } });
  });

  it('an unknown page path from a browser is a 404 page', async () => {
    const response = await t.app.inject({ url: '/no-such-page', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('This page could not be found');
  });

  it.each([
    { label: 'plain text', type: 'text/plain', payload: 'hello', status: 415, code: 'unsupported_media_type' },
    { label: 'a form', type: 'application/x-www-form-urlencoded', payload: 'a=1', status: 415, code: 'unsupported_media_type' },
    { label: 'broken JSON', type: 'application/json', payload: '{"a":', status: 400, code: 'validation_failed' },
    { label: 'a body over the limit', type: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(70_000) }), status: 413, code: 'payload_too_large' },
  ])('a POST with $label is refused with $status $code', async ({ type, payload, status, code }) => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/test/echo', headers: { 'content-type': type }, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ request_status: '0', error_message: { code } });
  });

  it('a POST with a body but no content type is refused with 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/test/echo', payload: Buffer.from('{"a":1}') });
    expect(response.statusCode).toBe(415);
    expect(response.json().error_message.code).toBe('unsupported_media_type');
  });

  it('a POST with a JSON body is accepted', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/test/echo', payload: { a: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { a: 1 } });
  });

  it('never logs a password, an authorization header, a cookie or a secret query value', async () => {
    const before = t.logs.lines.length;
    await t.app.inject({
      method: 'POST',
      url: '/v1/test/echo?token=tok-in-query-77&page=2',
      headers: { authorization: 'Bearer auth-header-secret-55', cookie: 'session=cookie-secret-66' },
      payload: { email: 'member@demo.test', password: 'Pa55word-in-body-88' },
    });
    await t.app.inject({ url: '/v1/test/explode', headers: { authorization: 'Bearer auth-header-secret-55' } });
    const written = t.logs.lines.slice(before).join('');
    expect(written).toContain('/v1/test/echo?token=[redacted]&page=2');
    for (const secret of ['auth-header-secret-55', 'cookie-secret-66', 'Pa55word-in-body-88', 'tok-in-query-77']) expect(written).not.toContain(secret);
  });

  it('sends the strict security headers on API answers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: https:", "connect-src 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // PUBLIC_URL is http here: HSTS would pin a developer's browser to https on localhost.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe.each(testDatabases())('app behind https on $name', ({ name }) => {
  const t = useTestApp(name, { env: { PUBLIC_URL: 'https://pay.example.com' }, seed: false });

  it('sends HSTS when the public URL is https', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe.each(testDatabases())('rate limiting on $name', ({ name }) => {
  const t = useTestApp(name, {
    seed: false,
    rateLimit: { max: 3, timeWindowMs: 60_000 },
    extraRoutes: async (app) => {
      app.get('/v1/test/limited', async () => ({ fine: true }));
    },
  });

  it('answers 429 rate_limited past the default limit, and never limits /healthz', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ url: '/v1/test/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ url: '/v1/test/limited' });
    expect(limited.json()).toMatchObject({ request_status: '0', error_message: { code: 'rate_limited' } });
    expect(limited.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
