// Idempotency-Key (DESIGN.md "API"): a client that retries a POST which moves money or creates a
// resource must not move it twice. A route opts in with `config: { idempotency: true }` (or
// 'in_statement' when its work is one statement: idempotency-in-statement.ts); its answer is then stored
// under (caller, key) and:
//   same key, same request       -> the stored answer again (header idempotent-replayed: true)
//   same key, another request    -> 422 idempotency_key_reused
//   same key while still running -> 409 idempotency_in_flight
// The caller is the signed-in member (or, later, the merchant of a secret key), so two callers never
// share a key space. The check runs after the route's own preHandlers (the session is known then).
//
// Stored: answers a retry can rely on (2xx and 4xx). A 5xx deletes the key, because our failure
// rolled the work back and the retry should run it again. A key left in flight by a crashed process
// is taken over after IN_FLIGHT_TAKEOVER_MS; the money code behind every such route is idempotent in
// itself too (single-use quotes, ledger transfer ids), so a takeover cannot post twice.

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { apiError } from './api-error.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept a day, like Stripe's: long enough for any client's retry loop. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IN_FLIGHT_TAKEOVER_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Store and replay this route's answer per Idempotency-Key (see server/http/idempotency.ts);
     * 'in_statement': the route's own statement writes the key (server/http/idempotency-in-statement.ts).
     */
    idempotency?: boolean | 'in_statement';
  }
  interface FastifyRequest {
    idempotencyKeyId: bigint | null;
    /** The key a route with config.idempotency 'in_statement' writes in its own statement; null without one. */
    idempotencyClaim: IdempotencyClaim | null;
  }
}

/** Whose key space a request uses; null when the request has no caller we can scope by. */
export function idempotencyScope(request: FastifyRequest): string | null {
  if (request.session) return `user:${request.session.userId}`;
  // A merchant API call with its secret key: route()'s guard (server/merchants/secret-key-guard.ts) set it.
  if (request.merchantAuth) return `merchant:${request.merchantAuth.id}`;
  // A guest checkout's payment call (paynet/*): the flow token's checkout is the caller.
  if (request.flow) return `checkout:${request.flow.checkoutId}`;
  return null;
}

/**
 * The body in one spelling: object keys sorted at every level, so a client that rebuilds the same
 * body with its keys in another order is still sending the same request. The JSON parser has
 * already bounded the body's depth (server/http/json-body.ts), so this recursion is bounded too.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request as far as "the same request" goes: method, path and the body as parsed, canonically. */
export function requestFingerprint(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? request.url;
  return createHash('sha256')
    .update(`${request.method} ${path}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

/** A request's key, whose key space it is in and what the request was: all the lookups below need. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  requestHash: string;
  /** When a stored answer stops being replayed (IDEMPOTENCY_TTL_MS after the request). */
  expiresAt: Date;
}

/**
 * The request's claim on its Idempotency-Key; null without the header or without a caller to scope it by.
 * A malformed key is refused here (400), before any work.
 */
export function idempotencyClaimOf(request: FastifyRequest, now: number = Date.now()): IdempotencyClaim | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw apiError('validation_failed', undefined, { 'Idempotency-Key': ['Send 1 to 255 visible ASCII characters, for example a UUID.'] });
  }
  const scope = idempotencyScope(request);
  if (scope === null) return null;
  return { scope, key, requestHash: requestFingerprint(request), expiresAt: new Date(now + IDEMPOTENCY_TTL_MS) };
}

/**
 * What a request answers when its key is already stored: the stored answer again (replayed), or 422 for
 * another request under the key, or 409 while the first is still running. 'free' when nothing is stored
 * any more (deleted meanwhile, or stale and deleted here): the caller may claim the key again.
 */
export async function answerStoredKey(request: FastifyRequest, reply: FastifyReply, claim: IdempotencyClaim, now: number = Date.now()): Promise<FastifyReply | 'free'> {
  const db = request.server.db;
  const existing = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', claim.scope).where('key', '=', claim.key).executeTakeFirst();
  if (!existing) return 'free';
  const stale = existing.expires_at.getTime() <= now || (existing.state === 'in_flight' && existing.created_at.getTime() <= now - IN_FLIGHT_TAKEOVER_MS);
  if (stale) {
    await db.deleteFrom('idempotency_keys').where('id', '=', existing.id).execute();
    return 'free';
  }
  if (existing.request_hash !== claim.requestHash) throw apiError('idempotency_key_reused');
  if (existing.state === 'in_flight') throw apiError('idempotency_in_flight');
  return replay(reply, existing.response_status ?? 200, existing.response_body);
}

const guard: preHandlerAsyncHookHandler = async function (request, reply) {
  const now = Date.now();
  const claim = idempotencyClaimOf(request, now);
  if (claim === null) return;
  const db = request.server.db;

  for (let attempt = 0; attempt < 2; attempt += 1) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ scope: claim.scope, key: claim.key, request_hash: claim.requestHash, state: 'in_flight', expires_at: claim.expiresAt })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      request.idempotencyKeyId = inserted.id;
      return;
    }
    const answered = await answerStoredKey(request, reply, claim, now);
    if (answered !== 'free') return answered;
  }
  throw apiError('idempotency_in_flight');
};

/** The preHandler of an 'in_statement' route: reads and checks the key (400 when malformed); writes nothing. */
const claimForStatement: preHandlerAsyncHookHandler = async function (request) {
  request.idempotencyClaim = idempotencyClaimOf(request);
};

function replay(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('idempotent-replayed', 'true').send(body);
}

const store: onSendAsyncHookHandler<unknown> = async function (request, reply, payload) {
  const id = request.idempotencyKeyId;
  if (id === null) return payload;
  request.idempotencyKeyId = null;
  const db = request.server.db;
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
    return payload;
  }
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: reply.statusCode, response_body: payload })
    .where('id', '=', id)
    .execute();
  return payload;
};

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Adds the guard and the store to every route registered with config.idempotency. Register before the routes. */
export const idempotencyPlugin = globalPlugin('idempotency', async (app) => {
  app.decorateRequest('idempotencyKeyId', null);
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotency) return;
    if (route.config.idempotency === 'in_statement') {
      route.preHandler = [...asArray(route.preHandler), claimForStatement];
      return;
    }
    route.preHandler = [...asArray(route.preHandler), guard];
    route.onSend = [...asArray(route.onSend), store];
  });
});
