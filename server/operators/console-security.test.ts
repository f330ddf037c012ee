// Every console endpoint (each caller 'operator' endpoint of the table) refuses whoever is not a signed-in
// operator of a role it lists: no credential, a member's session cookie or bearer, a merchant's secret
// key (401 operator_session_required), and an operator of a role it does not list (403 operator_forbidden).
// The calls carry valid input (each endpoint's example), so only the guard can refuse them.

import { describe, expect, it, beforeAll } from 'vitest';
import { routePath, type AnyEndpoint } from '#core/contract/endpoint.ts';
import { ENDPOINTS } from '#core/contract/endpoints.ts';
import { OPERATOR_ROLES, type OperatorRole } from '#core/operators/roles.ts';
import { randomIp, signIn } from '../identity/session-test-kit.ts';
import { issueApiKey } from '../merchants/api-keys.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { operatorSession } from './test-kit.ts';

const CONSOLE = ENDPOINTS.filter((endpoint): endpoint is AnyEndpoint & { caller: 'operator'; roles: readonly OperatorRole[] } => endpoint.caller === 'operator');

function requestOf(endpoint: AnyEndpoint) {
  const params = (endpoint.docs.example.params ?? {}) as Record<string, string>;
  const query = new URLSearchParams((endpoint.docs.example.query ?? {}) as Record<string, string>).toString();
  const url = routePath(endpoint).replace(/:(\w+)/g, (_match, key: string) => params[key] ?? 'x') + (query ? `?${query}` : '');
  return { method: endpoint.method, url, ...(endpoint.docs.example.body !== undefined ? { payload: endpoint.docs.example.body as object } : {}) };
}

describe.each(testDatabases())('console endpoints refuse every other caller on $name', ({ name }) => {
  const t = useTestApp(name, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  let memberCredential = '';
  let secretKey = '';
  beforeAll(async () => {
    memberCredential = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
    const merchant = await t.database.db.selectFrom('merchants').select('id').where('merchant_id', '=', t.seed!.merchant.merchantId).executeTakeFirstOrThrow();
    secretKey = (await issueApiKey(t.database.db, merchant.id, 'console security test')).key;
  });

  it('walks a non-empty list of console endpoints', () => {
    expect(CONSOLE.length).toBeGreaterThanOrEqual(8);
  });

  const strangers: { who: string; headers: () => Record<string, string> }[] = [
    { who: 'no credential', headers: () => ({}) },
    { who: 'a member session cookie', headers: () => ({ cookie: `token=${memberCredential}` }) },
    { who: 'a member bearer session', headers: () => ({ authorization: `Bearer ${memberCredential}` }) },
    { who: 'a merchant secret key', headers: () => ({ authorization: `Bearer ${secretKey}` }) },
    { who: 'a member session in an op_token cookie', headers: () => ({ cookie: `op_token=${memberCredential}` }) },
  ];
  const cases = CONSOLE.flatMap((endpoint) => strangers.map((stranger) => [endpoint.id, stranger.who, endpoint, stranger] as const));

  it.each(cases)('%s refuses %s with 401 operator_session_required', async (_id, _who, endpoint, stranger) => {
    const response = await t.app.inject({ ...requestOf(endpoint), remoteAddress: randomIp(), headers: { host: 'localhost', origin: 'http://localhost:8182', ...stranger.headers() } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error_message.code).toBe('operator_session_required');
  });

  const unlisted = CONSOLE.flatMap((endpoint) => OPERATOR_ROLES.filter((role) => !endpoint.roles.includes(role)).map((role) => [endpoint.id, role, endpoint] as const));

  it.each(unlisted)('%s refuses an operator of role %s with 403 operator_forbidden', async (_id, role, endpoint) => {
    const response = await t.app.inject({ ...requestOf(endpoint), remoteAddress: randomIp(), headers: await operatorSession(t.app, role) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_message.code).toBe('operator_forbidden');
  });

  const listed = CONSOLE.filter((endpoint) => endpoint.method === 'GET').map((endpoint) => [endpoint.id, endpoint.roles[0] as OperatorRole, endpoint] as const);

  it.each(listed)('%s lets an operator of a listed role (%s) through the guard', async (_id, role, endpoint) => {
    const response = await t.app.inject({ ...requestOf(endpoint), remoteAddress: randomIp(), headers: await operatorSession(t.app, role) });
    expect([200, 404]).toContain(response.statusCode);
    if (response.statusCode === 404) expect(response.json().error_message.code).toBe('member_not_found');
  });
});
