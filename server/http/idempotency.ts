// Idempotency-Key (DESIGN.md "API"): a client that retries a POST which moves money or creates a
// resource must not move it twice. A route opts in with `config: { idempotency: true }`; its answer
// is then stored under (caller, key) and:
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
    /** Store and replay this route's answer per Idempotency-Key (see server/http/idempotency.ts). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    idempotencyKeyId: bigint | null;
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

const guard: preHandlerAsyncHookHandler = async function (request, reply) {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw apiError('validation_failed', undefined, { 'Idempotency-Key': ['Send 1 to 255 visible ASCII characters, for example a UUID.'] });
  }
  const scope = idempotencyScope(request);
  if (scope === null) return;
  const db = request.server.db;
  const hash = requestFingerprint(request);
  const now = Date.now();

  for (let attempt = 0; attempt < 2; attempt += 1) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash, state: 'in_flight', expires_at: new Date(now + IDEMPOTENCY_TTL_MS) })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      request.idempotencyKeyId = inserted.id;
      return;
    }
    const existing = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
    if (!existing) continue; // deleted between our insert and select (a 5xx or an expiry): try once more
    const stale =
      existing.expires_at.getTime() <= now || (existing.state === 'in_flight' && existing.created_at.getTime() <= now - IN_FLIGHT_TAKEOVER_MS);
    if (stale) {
      await db.deleteFrom('idempotency_keys').where('id', '=', existing.id).execute();
      continue;
    }
    if (existing.request_hash !== hash) throw apiError('idempotency_key_reused');
    if (existing.state === 'in_flight') throw apiError('idempotency_in_flight');
    return replay(reply, existing.response_status ?? 200, existing.response_body);
  }
  throw apiError('idempotency_in_flight');
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
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotency) return;
    route.preHandler = [...asArray(route.preHandler), guard];
    route.onSend = [...asArray(route.onSend), store];
  });
});
