// Idempotency-Key for a route whose whole work is ONE database statement (POST /mapi/api/transaction,
// insert-created-payments.ts). The general way (idempotency.ts) claims the key in a statement of its own,
// runs the work, then stores the answer in a third: three round trips, where the work itself is one. Here
// the work's statement writes the key too, already done and holding the answer, as one more row:
//   - the key is free: the work and its stored answer commit together, or neither does;
//   - the key is taken (the same request retried, another request under the key, or one still running):
//     the statement's key row meets UNIQUE (scope, key) and writes nothing of that work (ON CONFLICT DO
//     NOTHING, the work's rows written only after a key that went in), the work throws IdempotencyKeyTaken,
//     and the request answers what idempotency.ts answers for a taken key (the stored answer again, 422 or 409).
// A request refused before its statement runs (a validation error, rates unavailable) stores nothing, so a
// retry runs again, as Stripe does for a request that never started executing.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import type { IdempotencyKeysTable } from '../db/tables/money.ts';
import { apiError } from './api-error.ts';
import { answerStoredKey, type IdempotencyClaim } from './idempotency.ts';

/** The key as the work's statement writes it: done, with the answer its request will send. */
export interface KeyInStatement {
  claim: IdempotencyClaim;
  /** The whole body the route sends for `answer` (its envelope included), as the key stores it. */
  storedBody(answer: unknown): unknown;
}

/** Thrown by the work when its statement failed on the key: nothing was written. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('the Idempotency-Key is already stored; nothing was written');
  }
}

/** The key's row for the work's statement. */
export function storedKeyRow(key: KeyInStatement, answer: unknown): Insertable<IdempotencyKeysTable> {
  const { claim } = key;
  return { scope: claim.scope, key: claim.key, request_hash: claim.requestHash, state: 'done', response_status: 200, response_body: JSON.stringify(key.storedBody(answer)), expires_at: claim.expiresAt };
}

/** What runWithKeyInStatement answers when the request was answered for its taken key (the reply is sent). */
export const ANSWERED_FOR_KEY = Symbol('answered for its Idempotency-Key');

/**
 * Runs the work; when its statement found the key taken, answers as for a taken key and returns
 * ANSWERED_FOR_KEY. A stale key (expired, or left in flight by a crashed process) is deleted there and the
 * work runs once more. Not the reply itself: a reply is a thenable, so an async function returning it
 * would hand its caller undefined once it is sent, and the route would send that as an answer again.
 */
export async function runWithKeyInStatement<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T | typeof ANSWERED_FOR_KEY> {
  const claim = request.idempotencyClaim;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof IdempotencyKeyTaken) || claim === null) throw error;
      const answered = await answerStoredKey(request, reply, claim);
      if (answered !== 'free') return ANSWERED_FOR_KEY;
      if (attempt >= 1) throw apiError('idempotency_in_flight');
    }
  }
}
