// Every endpoint of the table, sent input of every malformed kind an attacker or a broken client
// might send, by a caller the endpoint accepts (so the input reaches validation rather than stopping
// at the guard). None may answer 5xx; a body of the wrong shape, a NUL character and a body nested
// past the limit must be refused (4xx), never accepted.

import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#core/contract/endpoints.ts';
import { routePath, type AnyEndpoint } from '#core/contract/endpoint.ts';
import { issueApiKey } from '../merchants/api-keys.ts';
import { randomIp, signIn } from '../identity/session-test-kit.ts';
import { operatorSession } from '../operators/test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

interface Variant {
  name: string;
  /** The raw request body (already JSON text), or undefined for none. */
  payload?: string;
  query?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** This input must be refused: with this status when a number, with any 4xx when true; false: only no 5xx. */
  refused: boolean | number;
}

const NUL = '\u0000';

function withEveryString(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => withEveryString(item, change));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withEveryString(item, change)]));
  return value;
}

function hasString(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasString);
  return false;
}

const FIELD_REPLACEMENTS: [string, unknown][] = [
  ['an array', ['x']],
  ['an object', { x: 1 }],
  ['a number', 12.5],
  ['a huge number', 1e308],
  ['true', true],
  ['null', null],
  ['a NUL string', `a${NUL}b`],
  ['an empty string', ''],
  ['a long string', 'x'.repeat(5000)],
  ['a hex number string', '0x10'],
  ['right-to-left and emoji text', '\u202e\u{1F4B8}١٢٣'],
];

function bodyVariants(endpoint: AnyEndpoint): Variant[] {
  if (endpoint.body === undefined) return [];
  const example = (endpoint.docs.example.body ?? {}) as Record<string, unknown>;
  const variants: Variant[] = [
    { name: 'a top-level array', payload: '[]', refused: 400 },
    { name: 'the example inside an array', payload: JSON.stringify([example]), refused: 400 },
    { name: 'a JSON string', payload: '"x"', refused: 400 },
    { name: 'a JSON number', payload: '7', refused: 400 },
    { name: 'JSON null', payload: 'null', refused: 400 },
    { name: 'arrays nested 20000 deep', payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, refused: 400 },
    { name: 'objects nested 40 deep', payload: `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`, refused: 400 },
    { name: 'a __proto__ key', payload: JSON.stringify(example).replace(/^\{/, '{"__proto__":{"polluted":1},'), refused: 400 },
    { name: 'an unknown extra field', payload: JSON.stringify({ ...example, zz_unknown: 1 }), refused: false },
    { name: 'malformed JSON', payload: '{"a": ', refused: 400 },
  ];
  if (hasString(example)) variants.push({ name: 'a NUL in every string', payload: JSON.stringify(withEveryString(example, (text) => `${text}${NUL}`)), refused: 400 });
  for (const field of Object.keys(example)) {
    for (const [kind, value] of FIELD_REPLACEMENTS) {
      variants.push({ name: `${field} as ${kind}`, payload: JSON.stringify({ ...example, [field]: value }), refused: kind === 'a NUL string' ? 400 : false });
    }
  }
  return variants;
}

function queryVariants(endpoint: AnyEndpoint): Variant[] {
  const names = Object.keys((endpoint.docs.example.query ?? {}) as Record<string, unknown>);
  const variants: Variant[] = [{ name: 'a made-up query parameter with a NUL', query: 'zz=%00', refused: false }];
  for (const name of names) {
    for (const [kind, text, refused] of [
      ['a hex number', '0x10', false],
      ['an exponent', '1e2', false],
      ['a negative number', '-1', false],
      ['a NUL', '%00', 400],
      ['two values', '1&' + name + '=2', false],
      ['a long value', 'x'.repeat(3000), false],
    ] as const) {
      variants.push({ name: `query ${name} as ${kind}`, query: `${name}=${text}`, refused });
    }
  }
  return variants;
}

function paramVariants(endpoint: AnyEndpoint): Variant[] {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  if (names.length === 0) return [];
  const fill = (text: string) => Object.fromEntries(names.map((name) => [name, text]));
  return [
    { name: 'path parameters with a NUL', params: fill('%00'), refused: 400 },
    { name: 'path parameters of 300 characters', params: fill('x'.repeat(300)), refused: true },
    { name: 'path parameters of unicode', params: fill('%E2%80%AE%F0%9F%92%B8'), refused: false },
  ];
}

function headerVariants(endpoint: AnyEndpoint): Variant[] {
  const payload = endpoint.body ? JSON.stringify(endpoint.docs.example.body ?? {}) : undefined;
  const variants: Variant[] = [];
  if (endpoint.body) variants.push({ name: 'a text/plain body', payload: 'hello', headers: { 'content-type': 'text/plain' }, refused: 415 });
  if (endpoint.idempotency) {
    variants.push({ name: 'an Idempotency-Key of 300 characters', payload, headers: { 'idempotency-key': 'k'.repeat(300) }, refused: 400 });
    variants.push({ name: 'an Idempotency-Key with a space', payload, headers: { 'idempotency-key': 'two words' }, refused: 400 });
  }
  return variants;
}

describe.each(testDatabases())('malformed input to every endpoint on $name', ({ name }) => {
  // Limits high enough that no 429 hides what the input itself would have caused.
  const t = useTestApp(name, { env: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000 }, rateLimit: { max: 100_000, timeWindowMs: 60_000 }, merchantRateLimit: { perSecond: 100_000 } });
  const credentials: Partial<Record<AnyEndpoint['caller'], string>> = {};
  /** The console's op_token cookie, for operator endpoints (a fresh operator of a listed role per endpoint). */
  let operatorCookie: string | undefined;

  beforeAll(async () => {
    const seed = t.seed!;
    const merchant = await t.database.db.selectFrom('merchants').select('id').where('merchant_id', '=', seed.merchant.merchantId).executeTakeFirstOrThrow();
    credentials.merchant_secret = (await issueApiKey(t.database.db, merchant.id, 'malformed-input test')).key;
    // The guest checkout's flow token, for flow endpoints: from a checkout started as a visitor would.
    const started = await t.app.inject({ method: 'POST', url: '/v1/checkout/init', headers: { host: 'localhost', 'content-type': 'application/json' }, payload: '{}' });
    credentials.flow = (started.json() as { data: { flow_token: string } }).data.flow_token;
  });

  async function send(endpoint: AnyEndpoint, variant: Variant): Promise<number> {
    const params = variant.params ?? Object.fromEntries(Object.entries((endpoint.docs.example.params ?? {}) as Record<string, string>));
    let url = routePath(endpoint).replace(/:(\w+)/g, (_match, key: string) => params[key] ?? 'x');
    if (variant.query) url += `?${variant.query}`;
    const headers: Record<string, string> = { host: 'localhost', origin: 'http://localhost:8182', ...variant.headers };
    const credential = credentials[endpoint.caller];
    if (credential) headers.authorization = `Bearer ${credential}`;
    if (endpoint.caller === 'operator' && operatorCookie) headers.cookie = operatorCookie;
    // The dev outbox answers this machine only; every other call comes from a made-up address.
    const remoteAddress = endpoint.id.startsWith('devOutbox.') ? '127.0.0.1' : randomIp();
    const options: InjectOptions = { method: endpoint.method, url, headers, remoteAddress };
    if (variant.payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      options.payload = variant.payload;
    }
    const response = await t.app.inject(options);
    // Calls that answer a session (onboarding, a password change) replace the one they were made with.
    const details = (response.headers['content-type'] ?? '').includes('json') ? (response.json() as { request_details?: { user_token?: unknown; session_key?: unknown } }).request_details : undefined;
    if (typeof details?.user_token === 'string' && typeof details.session_key === 'string') credentials.member = `${details.user_token}:${details.session_key}`;
    return response.statusCode;
  }

  it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))('%s never answers 5xx, and refuses what it must', async (_id, endpoint) => {
    // A fresh sign-in per endpoint: one live session per user, and the calls before (login, logout,
    // a password change) may have ended the last one. The merchant user is a member too, and the only
    // kind that may call the webhook endpoints.
    if (endpoint.caller === 'member') credentials.member = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    if (endpoint.caller === 'operator') operatorCookie = (await operatorSession(t.app, endpoint.roles[0]!)).cookie;
    const wrong: string[] = [];
    for (const variant of [...bodyVariants(endpoint), ...queryVariants(endpoint), ...paramVariants(endpoint), ...headerVariants(endpoint)]) {
      const status = await send(endpoint, variant);
      // The test bank does not run beside the test app: a well-formed start reaches for it and gets bank_unavailable (502), the outage's answer, not our input handling's.
      if (status === 502 && endpoint.id === 'onlineBanking.startTestPayment') continue;
      if (status >= 500) wrong.push(`${variant.name}: ${status}`);
      else if (typeof variant.refused === 'number' && status !== variant.refused) wrong.push(`${variant.name}: ${status}, not ${variant.refused}`);
      else if (variant.refused === true && status < 400) wrong.push(`${variant.name}: accepted with ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
