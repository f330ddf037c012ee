// The OpenAPI 3.1 document of the main API and the merchant API, generated from the endpoint table
// (core/contract/endpoints.ts): paths, who may call each one, its request and answer schemas (JSON
// Schema 2020-12 from the valibot schemas), the envelope it answers in, its Idempotency-Key, its
// rate-limit class, the error codes it may answer and an example. Served at /docs/openapi.json and
// rendered at /docs. Nothing here is written by hand per endpoint, so the reference cannot drift.

import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { documentPath, type AnyEndpoint, type ApiBase } from '#core/contract/endpoint.ts';
import { ERRORS, type ErrorCode } from '#core/errors.ts';
import { callerText, errorCatalogueMarkdown, introduction, RATE_CLASS_TEXT, RESOURCE_SECTIONS, SECURITY_SCHEMES, securityOf } from './openapi-text.ts';

type Json = Record<string, unknown>;

const ALWAYS_POSSIBLE: readonly ErrorCode[] = ['validation_failed', 'rate_limited', 'internal_error'];

const BASE_GROUP: Record<ApiBase, string> = { main: 'Main API', merchant: 'Merchant API', root: 'Platform' };
const CONSOLE_GROUP = 'Operator console';

function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): Json {
  const converted = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' }) as Json;
  delete converted.$schema;
  return converted;
}

function envelopeOf(endpoint: AnyEndpoint, answer: Json): Json {
  switch (endpoint.format ?? 'envelope') {
    case 'envelope':
    case 'current_user':
      return { type: 'object', properties: { request_status: { const: '1' }, request_details: answer }, required: ['request_status', 'request_details'] };
    case 'checkout':
      return { type: 'object', properties: { success: { const: true }, data: answer }, required: ['success', 'data'] };
    case 'csv':
    case 'pdf':
    case 'svg':
    case 'raw':
      return answer;
  }
}

function exampleEnvelope(endpoint: AnyEndpoint, answer: unknown): unknown {
  switch (endpoint.format ?? 'envelope') {
    case 'envelope':
    case 'current_user':
      return { request_status: '1', request_details: answer };
    case 'checkout':
      return { success: true, data: answer };
    case 'csv':
    case 'svg':
    case 'raw':
      return answer;
    case 'pdf':
      return '(a PDF document)';
  }
}

function failureRef(endpoint: AnyEndpoint): string {
  if (endpoint.format === 'checkout') return '#/components/schemas/CheckoutFailure';
  if (endpoint.format === 'current_user') return '#/components/schemas/CurrentUserFailure';
  return '#/components/schemas/Failure';
}

function failureExample(endpoint: AnyEndpoint, code: ErrorCode): unknown {
  const error = { code, message: ERRORS[code].message };
  if (endpoint.format === 'checkout') return { success: false, error_message: error };
  if (endpoint.format === 'current_user') return { request_status: '0', error_message: { ...error, me: { error: [code] } } };
  return { request_status: '0', error_message: error };
}

/** The limiter's headers (@fastify/rate-limit with the IETF draft's names) on an answer of a limited endpoint. */
const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

/** A 429 of a limited endpoint: the limiter's headers and Retry-After. */
const TOO_MANY_HEADERS: Json = { ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };

/** One response per HTTP status, each listing the codes it carries, with an example per code. */
function failureResponses(endpoint: AnyEndpoint): Json {
  const codes = [...new Set<ErrorCode>([...endpoint.docs.errors, ...ALWAYS_POSSIBLE])].filter((code) => endpoint.rate !== 'none' || code !== 'rate_limited');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  const responses: Json = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: statusCodes.map((code) => `\`${code}\``).join(', '),
      ...(status === 429 && endpoint.rate !== 'none' ? { headers: TOO_MANY_HEADERS } : {}),
      content: {
        'application/json': {
          schema: { $ref: failureRef(endpoint) },
          examples: Object.fromEntries(statusCodes.map((code) => [code, { summary: ERRORS[code].message, value: failureExample(endpoint, code) }])),
        },
      },
    };
  }
  return responses;
}

/** Each property of an object schema as one parameter in `where` (path or query). */
function parametersOf(schema: v.GenericSchema | undefined, where: 'path' | 'query', example: Record<string, unknown> | undefined): Json[] {
  if (schema === undefined) return [];
  const converted = jsonSchema(schema, 'input');
  const properties = (converted.properties ?? {}) as Record<string, Json>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
    ...(example?.[name] !== undefined ? { example: example[name] } : {}),
  }));
}

function operationOf(endpoint: AnyEndpoint): Json {
  const { docs } = endpoint;
  const parameters = [
    ...parametersOf(endpoint.params, 'path', docs.example.params as Record<string, unknown> | undefined),
    ...parametersOf(endpoint.query, 'query', docs.example.query as Record<string, unknown> | undefined),
    ...(endpoint.idempotency ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const notes = [
    docs.description,
    `**Who may call it:** ${callerText(endpoint)}`,
    `**Rate limit:** ${RATE_CLASS_TEXT[endpoint.rate]}`,
    endpoint.idempotency ? '**Idempotency-Key:** send one; a retry with the same key and body answers the first answer again.' : undefined,
    endpoint.testModeOnly ? '**Test mode only:** this path does not exist in live mode.' : undefined,
  ].filter((note): note is string => note !== undefined);
  const answerSchema =
    endpoint.format === 'csv'
      ? { type: 'string', description: 'CSV, one row per line of the document, with a header row' }
      : endpoint.format === 'pdf'
        ? { type: 'string', contentMediaType: 'application/pdf', description: 'A PDF document' }
        : endpoint.format === 'svg'
          ? { type: 'string', contentMediaType: 'image/svg+xml', description: 'An SVG image' }
          : jsonSchema(endpoint.answer, 'output');
  const mediaType = endpoint.format === 'csv' ? 'text/csv' : endpoint.format === 'pdf' ? 'application/pdf' : endpoint.format === 'svg' ? 'image/svg+xml' : 'application/json';
  return {
    operationId: endpoint.id,
    summary: docs.summary,
    description: notes.join('\n\n'),
    tags: [tagOf(endpoint)],
    security: securityOf(endpoint),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input'), ...(docs.example.body !== undefined ? { example: docs.example.body } : {}) } } } }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        ...(endpoint.rate === 'none' ? {} : { headers: RATE_LIMIT_HEADERS }),
        content: { [mediaType]: { schema: envelopeOf(endpoint, answerSchema), example: exampleEnvelope(endpoint, docs.example.answer) } },
      },
      ...failureResponses(endpoint),
    },
  };
}

/** The resource an endpoint belongs to: the part of its id before the dot. */
export function tagOf(endpoint: AnyEndpoint): string {
  return endpoint.id.split('.')[0] ?? endpoint.id;
}

function errorComponents(): Json {
  const code = { type: 'string', enum: Object.keys(ERRORS), description: 'A code of the error catalogue (see the introduction).' };
  const appError = {
    type: 'object',
    properties: {
      code,
      message: { type: 'string', description: 'What happened and what to do, in words a person can act on.' },
      fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'validation_failed: messages per field, keyed by its dotted path ("billing.zipCode").' },
      retry_after_s: { type: 'integer', minimum: 1, description: 'rate_limited, account_locked and code_resend_limited: the whole seconds until the same request may succeed, the wait the message speaks of.' },
    },
    required: ['code', 'message'],
  };
  return {
    ErrorCode: code,
    AppError: appError,
    Failure: { type: 'object', properties: { request_status: { const: '0' }, error_message: { $ref: '#/components/schemas/AppError' } }, required: ['request_status', 'error_message'] },
    CheckoutFailure: { type: 'object', properties: { success: { const: false }, error_message: { $ref: '#/components/schemas/AppError' } }, required: ['success', 'error_message'] },
    CurrentUserFailure: {
      type: 'object',
      properties: {
        request_status: { const: '0' },
        error_message: { allOf: [{ $ref: '#/components/schemas/AppError' }, { type: 'object', properties: { me: { type: 'object', properties: { error: { type: 'array', items: code } } } } }] },
      },
      required: ['request_status', 'error_message'],
    },
  };
}

function rateLimitHeaderComponents(): Json {
  return {
    RateLimitLimit: { description: 'Requests allowed in the current window (IETF draft RateLimit-Limit): per address, or per secret key on the merchant API.', schema: { type: 'integer', minimum: 1 } },
    RateLimitRemaining: { description: 'Requests left in the current window (IETF draft RateLimit-Remaining).', schema: { type: 'integer', minimum: 0 } },
    RateLimitReset: { description: 'Seconds until the current window restarts (IETF draft RateLimit-Reset).', schema: { type: 'integer', minimum: 0 } },
    RetryAfter: { description: 'On `rate_limited` (and `code_resend_limited`): whole seconds to wait before retrying, the same figure as `retry_after_s`.', schema: { type: 'integer', minimum: 1 } },
  };
}

export interface OpenApiOptions {
  /** The platform's public origin, the document's server. */
  publicUrl: string;
  version: string;
}

export function openApiDocument(endpoints: readonly AnyEndpoint[], options: OpenApiOptions): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Map<string, Set<ApiBase>>();
  for (const endpoint of endpoints) {
    const path = documentPath(endpoint);
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint);
    const tag = tagOf(endpoint);
    tags.set(tag, (tags.get(tag) ?? new Set()).add(endpoint.base));
  }
  const groups = new Map<string, string[]>();
  for (const [tag, bases] of tags) {
    // The console's endpoints (adminSession, adminAudit, ...) get a group of their own: another audience.
    const group = tag.startsWith('admin') ? CONSOLE_GROUP : bases.size === 1 ? BASE_GROUP[[...bases][0] as ApiBase] : 'Platform';
    groups.set(group, [...(groups.get(group) ?? []), tag]);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PayKit platform API',
      version: options.version,
      description: `${introduction()}\n\n${errorCatalogueMarkdown()}`,
    },
    servers: [{ url: options.publicUrl }],
    tags: [...tags.keys()].map((name) => ({
      name,
      ...(RESOURCE_SECTIONS[name] ? { 'x-displayName': RESOURCE_SECTIONS[name].title, description: RESOURCE_SECTIONS[name].description } : {}),
    })),
    'x-tagGroups': ['Main API', 'Merchant API', 'Platform', CONSOLE_GROUP].filter((name) => groups.has(name)).map((name) => ({ name, tags: groups.get(name) })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: '1 to 255 visible ASCII characters, such as a UUID or your order id. The same key with the same body answers the stored answer again (header `idempotent-replayed: true`); with another body it is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_flight`. Keys are kept a day.',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
        },
      },
      headers: rateLimitHeaderComponents(),
      schemas: errorComponents(),
    },
  };
}
