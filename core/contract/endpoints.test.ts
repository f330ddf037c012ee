import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { documentPath, type AnyEndpoint } from './endpoint.ts';
import { ENDPOINTS } from './endpoints.ts';
import { OPERATOR_ROLES } from '../operators/roles.ts';

const byId = ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const);

function issuesOf(schema: v.GenericSchema | undefined, value: unknown): string[] {
  if (schema === undefined) return value === undefined ? [] : ['a value was given for a part the endpoint does not declare'];
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
}

describe('the endpoint table', () => {
  it('names every endpoint once', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every method and path one endpoint', () => {
    const routes = ENDPOINTS.map((endpoint) => `${endpoint.method} ${documentPath(endpoint)}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(byId)('%s: a GET carries no body, and every path parameter is declared', (_id, endpoint: AnyEndpoint) => {
    if (endpoint.method === 'GET') expect(endpoint.body).toBeUndefined();
    const named = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    if (named.length > 0) expect(endpoint.params).toBeDefined();
    expect(endpoint.path).not.toMatch(/^\//);
  });

  it.each(byId)('%s: its example request and answer pass its schemas', (_id, endpoint: AnyEndpoint) => {
    const { example } = endpoint.docs;
    expect(issuesOf(endpoint.params, example.params)).toEqual([]);
    if (endpoint.query) expect(issuesOf(endpoint.query, example.query ?? {})).toEqual([]);
    expect(issuesOf(endpoint.body, example.body)).toEqual([]);
    expect(issuesOf(endpoint.answer, example.answer)).toEqual([]);
  });

  it.each(byId)('%s: who may call it says which refusals it documents', (_id, endpoint: AnyEndpoint) => {
    const errors = new Set<string>(endpoint.docs.errors);
    if (endpoint.caller === 'member' && endpoint.session !== 'optional') expect(errors.has('unauthorized')).toBe(true);
    if (endpoint.caller === 'merchant_secret') expect(errors.has('invalid_api_key')).toBe(true);
    expect(endpoint.docs.summary.length).toBeGreaterThan(10);
  });

  it.each(byId)('%s: the per-key rate class is for secret-key endpoints, and every secret-key endpoint has it', (_id, endpoint: AnyEndpoint) => {
    // The per-key limiter counts by the bearer key the secret-key guard then checks: on any other caller
    // the key would be nobody's, and a secret-key endpoint on the per-address class would share the budget
    // of every merchant behind one address.
    expect(endpoint.rate === 'merchant_key').toBe(endpoint.caller === 'merchant_secret');
  });

  const operatorEndpoints = byId.filter(([, endpoint]) => endpoint.caller === 'operator');

  it('has operator endpoints (the console), so the checks below check something', () => {
    expect(operatorEndpoints.length).toBeGreaterThan(0);
  });

  it.each(operatorEndpoints)('%s: an operator endpoint lists the roles that may call it, lives under admin/ and documents the console refusals', (_id, endpoint: AnyEndpoint) => {
    const roles = endpoint.roles ?? [];
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles).size).toBe(roles.length);
    for (const role of roles) expect(OPERATOR_ROLES).toContain(role);
    expect(endpoint.base).toBe('main');
    expect(endpoint.path).toMatch(/^admin\//);
    expect(endpoint.docs.errors).toContain('operator_session_required');
    if (roles.length < OPERATOR_ROLES.length) expect(endpoint.docs.errors).toContain('operator_forbidden');
  });

  it.each(byId.filter(([, endpoint]) => endpoint.caller !== 'operator'))('%s: only operator endpoints carry roles', (_id, endpoint: AnyEndpoint) => {
    expect(endpoint.roles).toBeUndefined();
  });
});
