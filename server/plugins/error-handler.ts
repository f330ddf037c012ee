// One place decides what a failure looks like on the wire: the envelope of spec §7/§8,
// `{request_status:'0', error_message:{code, message, fields?, retry_after_s?}}`, with the catalogue's HTTP status.
//   - ApiError (a caller's mistake, thrown by routes): its code and message.
//   - Fastify's own 4xx errors (bad JSON, wrong content type, body too large, rate limit): mapped
//     to the catalogue code for their status.
//   - Anything else is a bug: 500 internal_error with no detail in the answer; the error is logged
//     with the request id, which the caller has in x-request-id to quote to support.
// The route's endpoint (core/contract) may ask for another shape of the same failure: /checkout/*
// answers {success: false, error_message} (spec §7) and currentUser adds error_message.me.error[0].
// Unknown paths answer not_found in the same envelope, or a small HTML page to a browser.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appError, type AppError, type ErrorCode, type FieldErrors } from '#core/errors.ts';
import { fail } from '#core/envelope.ts';
import { ApiError } from '../http/api-error.ts';
import { globalPlugin } from './global-plugin.ts';
import type { AnyEndpoint } from '#core/contract/endpoint.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint a route serves (set by server/contract/route.ts); its format shapes the failure. */
    endpoint?: AnyEndpoint;
  }
}

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Fastify's error codes whose message is already safe and more useful than the catalogue's. */
const SHOWN_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
};

export function toAppError(error: FastifyError | Error): { status: number; body: AppError; unexpected: boolean } {
  if (error instanceof ApiError) return { status: error.statusCode, body: error.body, unexpected: false };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const fields: FieldErrors = {};
    for (const issue of fastifyError.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (fastifyError.validationContext ?? 'body');
      (fields[path] ??= []).push(issue.message ?? 'is invalid');
    }
    return { status: 400, body: appError('validation_failed', undefined, fields), unexpected: false };
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = CODE_FOR_STATUS[status] ?? 'validation_failed';
    const shown = (error instanceof SyntaxError ? SHOWN_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ?? SHOWN_MESSAGES[fastifyError.code];
    return { status, body: appError(code, shown), unexpected: false };
  }
  return { status: 500, body: appError('internal_error'), unexpected: true };
}

export const errorHandlerPlugin = globalPlugin('error-handler', async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, unexpected } = toAppError(error);
    if (unexpected) request.log.error({ err: error }, 'unexpected error; answered 500 internal_error');
    else request.log.info({ code: body.code, status }, 'request refused');
    // Headers set for a successful answer (caching, content type) must not stick to the error.
    reply.removeHeader('cache-control');
    return reply.code(status).type('application/json; charset=utf-8').send(failureBody(request, body));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404);
    if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
    return reply.type('application/json; charset=utf-8').send(fail(appError('not_found')));
  });
});

/** The failure in the shape the route's endpoint answers (core/contract/endpoint.ts AnswerFormat). */
function failureBody(request: FastifyRequest, body: AppError): unknown {
  switch (request.routeOptions.config?.endpoint?.format) {
    case 'checkout':
      return { success: false, error_message: body };
    case 'current_user':
      return fail({ ...body, me: { error: [body.code] } } as AppError);
    default:
      return fail(body);
  }
}

/** A browser navigating to a non-API path gets a page; API clients and scripts get JSON. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url;
  if (path.startsWith('/v1/') || path.startsWith('/mapi/') || path === '/v1' || path === '/mapi') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>404</title></head>
<body><h1>404</h1><p>This page could not be found</p><p><a href="/">Go to the home page</a></p></body></html>
`;
