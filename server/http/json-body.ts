// The one request body the API accepts: JSON, parsed by Fastify's own parser (which refuses
// __proto__ and constructor.prototype keys), then bounded in depth before anything walks it. A body
// far under the size limit can nest tens of thousands of levels deep ("[[[[...") and overflow the
// stack of the first recursive walk (a fingerprint, a validator, a logger); no body of ours nests
// deeper than a few levels, so anything past MAX_BODY_DEPTH is refused as a 400.

import type { FastifyInstance } from 'fastify';
import { apiError } from './api-error.ts';

export const MAX_BODY_DEPTH = 32;

/** True when `value` nests objects or arrays more than `max` levels deep (iterative, so it cannot overflow). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** Replaces every body parser with JSON only (others are 415) and the depth bound. */
export function acceptJsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined);
      if (nestedDeeperThan(parsed, MAX_BODY_DEPTH)) {
        return done(apiError('validation_failed', `The request body nests more than ${MAX_BODY_DEPTH} levels deep. Send the fields of this call as a flat JSON object.`, { body: [`At most ${MAX_BODY_DEPTH} levels of nesting.`] }), undefined);
      }
      done(null, parsed);
    });
  });
}
