import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#core/contract/endpoints.ts';
import { ERRORS } from '#core/errors.ts';
import { openApiDocument } from './openapi.ts';

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown; examples?: Record<string, unknown> }> }>;
};

const document = openApiDocument(ENDPOINTS, { publicUrl: 'http://localhost:8080', version: '0.1.0' }) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { enum?: string[] }> };
  info: { description: string };
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has one operation per endpoint of the table', () => {
    expect(operations.map(([, operation]) => operation.operationId).sort()).toEqual(ENDPOINTS.map((endpoint) => endpoint.id).sort());
  });

  it('gives every resource a section title and description', () => {
    const tags = (document as unknown as { tags: { name: string; 'x-displayName'?: string; description?: string }[] }).tags;
    expect(tags.filter((tag) => !tag['x-displayName'] || !tag.description).map((tag) => tag.name)).toEqual([]);
  });

  it('lists every error code of the catalogue, in the schema and in the introduction', () => {
    expect(document.components.schemas.ErrorCode?.enum).toEqual(Object.keys(ERRORS));
    for (const code of Object.keys(ERRORS)) expect(document.info.description).toContain(`\`${code}\``);
  });

  it.each(operations)('%s has a summary, an answer schema with an example, and its error codes', (_route, operation) => {
    expect(operation.summary.length).toBeGreaterThan(10);
    const success = Object.values(operation.responses['200']?.content ?? {})[0];
    expect(success?.schema).toBeDefined();
    expect(success?.example).toBeDefined();
    expect(operation.responses['500']).toBeDefined();
  });
});

describe('what the document says about each endpoint', () => {
  const find = (id: string) => operations.find(([, operation]) => operation.operationId === id)?.[1];

  it('a member endpoint needs the session cookie or a bearer session', () => {
    expect(find('rates.getFees')?.security).toEqual([{ sessionCookie: [] }, { sessionBearer: [] }]);
  });

  it('a console endpoint needs the operator cookie and names its roles', () => {
    expect(find('adminAudit.list')?.security).toEqual([{ operatorCookie: ['admin'] }]);
    expect(find('adminSession.me')?.security).toEqual([{ operatorCookie: ['admin', 'compliance', 'finance', 'support'] }]);
    expect((find('adminAudit.list') as unknown as { description: string }).description).toContain('**Roles:** `admin`.');
    const schemes = (document as unknown as { components: { securitySchemes: Record<string, { in?: string; name?: string }> } }).components.securitySchemes;
    expect(schemes.operatorCookie).toMatchObject({ in: 'cookie', name: 'op_token' });
  });

  it('a public read needs nothing and is never rate limited', () => {
    const getRates = find('rates.getRates');
    expect(getRates?.security).toEqual([]);
    expect(getRates?.responses['429']).toBeUndefined();
  });

  it('a checkout read answers and fails in the checkout envelope', () => {
    const getRates = find('rates.getRates');
    expect(getRates?.responses['200']?.content?.['application/json']?.example).toMatchObject({ success: true });
    expect(getRates?.responses['503']?.content?.['application/json']?.examples?.rates_unavailable).toMatchObject({ value: { success: false, error_message: { code: 'rates_unavailable' } } });
  });

  type WithHeaders = { responses: Record<string, { headers?: Record<string, { $ref: string }> }>; description: string };
  const headersOf = (id: string, status: string) => Object.keys((find(id) as unknown as WithHeaders | undefined)?.responses[status]?.headers ?? {});

  it.each([
    { name: 'a secret-key merchant call (per key)', id: 'payments.createTransaction' },
    { name: 'a sign-in (per address)', id: 'sessions.login' },
  ])('$name documents the RateLimit headers on its answer, and Retry-After on its 429', ({ id }) => {
    expect(headersOf(id, '200')).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(headersOf(id, '429')).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']);
  });

  it('a public read documents no rate-limit headers', () => {
    expect(headersOf('rates.getRates', '200')).toEqual([]);
  });

  it('a secret-key merchant call says it is limited per key', () => {
    expect((find('payments.createTransaction') as unknown as WithHeaders).description).toContain('**Rate limit:** per secret key');
  });

  it('query fields are query parameters with their examples', () => {
    const chart = find('rates.getChartRates');
    expect(chart?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['query:pair', 'query:range']);
  });
});
