// The rate limits end to end on both databases, through the real app: the merchant API counted per secret
// key (its own budget wherever it calls from, never shared by two merchants behind one address, the
// merchant's own figure from the console), everything else and every request without a live key counted
// per address, and the IETF draft RateLimit headers with Retry-After and our rate_limited failure.
// Small figures and a five-second window keep it fast: a key may send 5 requests a window by default
// (1 a second), an address 5 a minute, a sign-in 3 a minute.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomIp } from '../identity/session-test-kit.ts';
import { issueApiKey, revokeApiKey } from '../merchants/api-keys.ts';
import { operatorSession } from '../operators/test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const WINDOW_MS = 5_000;
const PER_ADDRESS = 5;
const PER_SIGN_IN = 3;
/** The default a second times the window: 1 × 5 s. */
const PER_KEY = 5;

/** A key that looks like one but was never issued: it must buy no budget of its own. */
const madeUpKey = () => `sk_test_${randomBytes(32).toString('base64url')}`;

describe.each(testDatabases())('rate limits on $name', ({ name }) => {
  const t = useTestApp(name, {
    env: { AUTH_RATE_LIMIT_PER_MINUTE: PER_SIGN_IN },
    rateLimit: { max: PER_ADDRESS, timeWindowMs: 60_000 },
    // A cache longer than any test: a new limit can only be seen through the console's invalidation.
    merchantRateLimit: { perSecond: 1, windowMs: WINDOW_MS, cacheTtlMs: 60_000 },
  });
  let n = 0;

  /** A secret-key merchant call that costs little (no Idempotency-Key, so it is refused after the guard). */
  const merchantCall = async (ip: string, authorization?: string) => {
    const headers: Record<string, string> = { host: 'localhost', 'content-type': 'application/json' };
    if (authorization !== undefined) headers.authorization = authorization;
    const response = await t.app.inject({ method: 'POST', url: '/mapi/api/transaction/expire', headers, remoteAddress: ip, payload: {} });
    return { status: response.statusCode, headers: response.headers, body: response.json() as { error_message?: { code: string; message: string; retry_after_s?: number } } };
  };
  const statuses = async (count: number, call: () => Promise<{ status: number }>) => {
    const seen: number[] = [];
    for (let i = 0; i < count; i++) seen.push((await call()).status);
    return seen;
  };
  /** A merchant of its own (onboarded in the console) and its first secret key. */
  const newMerchant = async () => {
    const id = `${name.slice(0, 2)}rl${++n}${Date.now() % 100000}`;
    const admin = await operatorSession(t.app, 'admin');
    const payload = { business_name: `Rate ${id}`, merchant_id: `mch_rate_${id}`, email: `rate-${id}@lantern.test`, first_name: 'Rosa', last_name: 'Lind', mobile: '+447700900777', policy: 'keep', fiat_currency: 'EUR', schedule: 'off' };
    const made = await t.app.inject({ method: 'POST', url: '/v1/admin/merchants', headers: admin, remoteAddress: randomIp(), payload });
    expect(made.statusCode, made.body).toBe(200);
    return { merchantId: `mch_rate_${id}`, key: (made.json() as { request_details: { secret_key: string } }).request_details.secret_key, admin };
  };
  const setLimit = async (admin: Record<string, string>, merchantId: string, perSecond: number | null) => {
    const response = await t.app.inject({ method: 'PUT', url: `/v1/admin/merchants/${merchantId}/rate-limit`, headers: admin, remoteAddress: randomIp(), payload: { api_rate_limit_per_second: perSecond } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { request_details: { api_rate_limit_per_second: number | null; effective_api_rate_limit_per_second: number } }).request_details;
  };

  it('a merchant key gets its own budget, whatever address it calls from', async () => {
    const { key } = await newMerchant();
    const ip = randomIp();
    // More than the per-address figure from one address, and the key's last one from another address.
    const seen = await statuses(PER_KEY, () => merchantCall(ip, `Bearer ${key}`));
    expect(seen.every((status) => status !== 429 && status !== 401), String(seen)).toBe(true);
    expect((await merchantCall(randomIp(), `Bearer ${key}`)).status).toBe(429);
    // The address itself still has its whole budget for a call without a key.
    expect((await merchantCall(ip)).headers['ratelimit-remaining']).toBe(String(PER_ADDRESS - 1));
  });

  it('two merchants behind one address do not share one budget', async () => {
    const first = await newMerchant();
    const second = await newMerchant();
    const ip = randomIp();
    await statuses(PER_KEY, () => merchantCall(ip, `Bearer ${first.key}`));
    expect((await merchantCall(ip, `Bearer ${first.key}`)).status).toBe(429);
    const other = await merchantCall(ip, `Bearer ${second.key}`);
    expect(other.status).not.toBe(429);
    expect(other.headers['ratelimit-remaining']).toBe(String(PER_KEY - 1));
  });

  it('a merchant with its own limit gets it at once in the process the console changed it in, and the default again after null', async () => {
    const { merchantId, key, admin } = await newMerchant();
    const ip = randomIp();
    // The key's default limit is cached now (for a minute): only the console's invalidation can change it.
    expect((await merchantCall(ip, `Bearer ${key}`)).headers['ratelimit-limit']).toBe(String(PER_KEY));
    expect(await setLimit(admin, merchantId, 3)).toEqual(expect.objectContaining({ api_rate_limit_per_second: 3, effective_api_rate_limit_per_second: 3 }));
    const perWindow = 3 * (WINDOW_MS / 1000);
    const next = await merchantCall(ip, `Bearer ${key}`);
    expect(next.headers['ratelimit-limit']).toBe(String(perWindow));
    expect(next.headers['ratelimit-remaining']).toBe(String(perWindow - 2));
    const seen = await statuses(perWindow - 2, () => merchantCall(ip, `Bearer ${key}`));
    expect(seen.filter((status) => status === 429)).toEqual([]);
    expect((await merchantCall(ip, `Bearer ${key}`)).status).toBe(429);

    expect(await setLimit(admin, merchantId, null)).toEqual(expect.objectContaining({ api_rate_limit_per_second: null, effective_api_rate_limit_per_second: 1 }));
    expect((await merchantCall(ip, `Bearer ${key}`)).headers['ratelimit-limit']).toBe(String(PER_KEY));
  });

  it('an answer within the limit carries the RateLimit headers; a 429 adds Retry-After and rate_limited with the same wait in its message', async () => {
    const { key } = await newMerchant();
    const ip = randomIp();
    const first = await merchantCall(ip, `Bearer ${key}`);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': String(PER_KEY), 'ratelimit-remaining': String(PER_KEY - 1) });
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(first.headers['retry-after']).toBeUndefined();

    await statuses(PER_KEY - 1, () => merchantCall(ip, `Bearer ${key}`));
    const limited = await merchantCall(ip, `Bearer ${key}`);
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(Number.isInteger(wait) && wait >= 1 && wait <= WINDOW_MS / 1000, String(limited.headers['retry-after'])).toBe(true);
    expect(limited.headers).toMatchObject({ 'ratelimit-limit': String(PER_KEY), 'ratelimit-remaining': '0', 'ratelimit-reset': String(wait) });
    expect(limited.body).toEqual({
      request_status: '0',
      error_message: { code: 'rate_limited', message: `Too many requests. Retry in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`, retry_after_s: wait },
    });
  });

  it('a payment created (200) carries the RateLimit headers of its key', async () => {
    const { merchantId, key } = await newMerchant();
    const response = await t.app.inject({
      method: 'POST',
      url: '/mapi/api/transaction',
      headers: { host: 'localhost', authorization: `Bearer ${key}`, 'idempotency-key': `order-${merchantId}` },
      remoteAddress: randomIp(),
      payload: { merchant_id: merchantId, currency_1_iso: 'BTC', currency: 'EUR', amount: '12.00', transaction_product: 'Rake' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers).toMatchObject({ 'ratelimit-limit': String(PER_KEY), 'ratelimit-remaining': String(PER_KEY - 1) });
  });

  it.each([
    { name: 'no Authorization header', authorization: () => undefined },
    { name: 'a bearer token that is not a key', authorization: () => 'Bearer garbage' },
    { name: 'a session bearer', authorization: () => 'Bearer usr_1:abc' },
    { name: 'a new made-up key on every call', authorization: () => `Bearer ${madeUpKey()}` },
  ])('a merchant call with $name counts against its address', async ({ authorization }) => {
    const ip = randomIp();
    const seen = await statuses(PER_ADDRESS, () => merchantCall(ip, authorization()));
    expect(seen).toEqual(Array(PER_ADDRESS).fill(401));
    const limited = await merchantCall(ip, authorization());
    expect(limited.status).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe(String(PER_ADDRESS));
    // Another address is not held back by it.
    expect((await merchantCall(randomIp(), authorization())).status).toBe(401);
  });

  it('a revoked key counts against its address, like no key', async () => {
    const merchant = await t.database.db.selectFrom('merchants').select('id').where('merchant_id', '=', 'mch_demo_verdant').executeTakeFirstOrThrow();
    const issued = await issueApiKey(t.database.db, merchant.id, 'revoked in a rate-limit test');
    await revokeApiKey(t.database.db, issued.id);
    const ip = randomIp();
    expect(await statuses(PER_ADDRESS, () => merchantCall(ip, `Bearer ${issued.key}`))).toEqual(Array(PER_ADDRESS).fill(401));
    expect((await merchantCall(ip, `Bearer ${issued.key}`)).status).toBe(429);
  });

  it('calls without a live key share the address\'s budget with the other per-address routes', async () => {
    const ip = randomIp();
    await statuses(PER_ADDRESS - 1, () => merchantCall(ip, 'Bearer garbage'));
    const status = { merchant_id: 'mch_demo_verdant', transaction_id: 'tx_nothing_here' };
    const read = () => t.app.inject({ method: 'POST', url: '/mapi/api/transaction/status', headers: { host: 'localhost' }, remoteAddress: ip, payload: status });
    expect((await read()).statusCode).not.toBe(429);
    expect((await read()).statusCode).toBe(429);
  });

  it('sign-in stays limited per address, with its own smaller figure, whatever key it carries', async () => {
    const { key } = await newMerchant();
    const ip = randomIp();
    const login = (from: string) =>
      t.app.inject({ method: 'POST', url: '/v1/users/login', headers: { host: 'localhost', authorization: `Bearer ${key}` }, remoteAddress: from, payload: { email: 'nobody-here@lantern.test', password: 'Not-the-password-1' } });
    const seen = await statuses(PER_SIGN_IN, async () => ({ status: (await login(ip)).statusCode }));
    expect(seen).toEqual(Array(PER_SIGN_IN).fill(401));
    const limited = await login(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe(String(PER_SIGN_IN));
    expect((await login(randomIp())).statusCode).toBe(401);
  });

  it('cacheable public reads are never limited and carry no RateLimit headers', async () => {
    const ip = randomIp();
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      const response = await t.app.inject({ url: '/healthz', remoteAddress: ip });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});
