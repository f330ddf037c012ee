// The limiter's 429 as our failure (@fastify/rate-limit's errorResponseBuilder): code rate_limited, a
// message that says when to retry, and retry_after_s, the same whole seconds as the Retry-After header
// the limiter sets beside it, so an app can say the wait in the page's language.

import type { FastifyRequest } from 'fastify';
import type { errorResponseBuilderContext } from '@fastify/rate-limit';
import { appError, withRetryAfter } from '#core/errors.ts';
import { ApiError } from './api-error.ts';

/** Whole seconds, at least 1: the limiter's own rounding of its window's rest (Retry-After). */
export function retryAfterSeconds(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

export function rateLimitedMessage(seconds: number): string {
  return `Too many requests. Retry in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

export function rateLimitedError(_request: FastifyRequest, context: errorResponseBuilderContext): ApiError {
  const seconds = retryAfterSeconds(context.ttl);
  return new ApiError(withRetryAfter(appError('rate_limited', rateLimitedMessage(seconds)), seconds));
}
