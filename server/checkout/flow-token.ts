// The flow token (spec §6: the guest flow's token set carries is_flow=1; the authorization token is the
// JSON-stringified cookie value). `flw_` + 32 random bytes in base64url; only its SHA-256 is stored
// (guest_checkout_sessions), like member session keys. It comes from the HttpOnly `flow_token` cookie
// (12000 s) or `Authorization: Bearer <token>`, where the token may be JSON-stringified ("flw_...").
// A member's `usr_...:...` credential, a merchant key or the console's op_token are never flow tokens,
// and a flow token reaches only its own checkout: request.flow names it.
// As with member sessions, a mutation authenticated by the cookie must carry a platform Origin (CSRF).

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { FLOW_TOKEN_PATTERN } from '#core/contract/checkout.ts';
import { FLOW_COOKIE_S } from '#core/constants.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import { originAllowed } from '../identity/authenticate.ts';
import { hashToken } from '../identity/session-token.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';

export const FLOW_COOKIE = 'flow_token';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestFlow {
  /** guest_checkouts.id */
  checkoutId: bigint;
  providerId: bigint;
}

declare module 'fastify' {
  interface FastifyRequest {
    flow: RequestFlow | null;
  }
}

export function newFlowToken(): string {
  return `flw_${randomBytes(32).toString('base64url')}`;
}

/** Starts the flow session of a new checkout; answers the token, which is never stored. */
export async function startFlowSession(trx: Transaction<Database>, checkoutId: bigint, now: Date): Promise<string> {
  const token = newFlowToken();
  await trx
    .insertInto('guest_checkout_sessions')
    .values({ checkout_id: checkoutId, token_hash: hashToken(token), expires_at: new Date(now.getTime() + FLOW_COOKIE_S * 1000) })
    .execute();
  return token;
}

export function setFlowCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(FLOW_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: FLOW_COOKIE_S, secure: reply.server.identity.secureCookie });
}

/** "flw_..." or its JSON-stringified form "\"flw_...\""; anything else is null. */
export function parseFlowToken(raw: string | undefined): string | null {
  if (raw === undefined || raw.length > 200) return null;
  let value = raw.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
  return FLOW_TOKEN_PATTERN.test(value) ? value : null;
}

function tokenOf(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    const token = parseFlowToken(match?.[1]);
    // A member session or a merchant key in the header is not a flow token, and never falls back to the cookie.
    return token === null ? null : { token, via: 'bearer' };
  }
  const token = parseFlowToken(request.cookies[FLOW_COOKIE]);
  return token === null ? null : { token, via: 'cookie' };
}

/** The checkout a flow token opens, or null when the token is unknown or its 12000 s are over. */
export async function findFlowSession(db: Kysely<Database>, token: string, now: Date): Promise<RequestFlow | null> {
  const row = await db
    .selectFrom('guest_checkout_sessions')
    .innerJoin('guest_checkouts', 'guest_checkouts.id', 'guest_checkout_sessions.checkout_id')
    .select(['guest_checkouts.id', 'guest_checkouts.provider_id', 'guest_checkout_sessions.expires_at'])
    .where('guest_checkout_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= now.getTime()) return null;
  return { checkoutId: row.id, providerId: row.provider_id };
}

/** route()'s guard for `caller: 'flow'`: 401 flow_token_required without a live flow token of this host's provider. */
export const requireFlowToken: preHandlerAsyncHookHandler = async function requireFlowToken(request) {
  request.flow = null;
  const found = tokenOf(request);
  if (found === null) throw apiError('flow_token_required');
  if (found.via === 'cookie' && MUTATING.has(request.method) && !originAllowed(request)) {
    throw apiError('forbidden', 'This request must come from the checkout page itself. Reload the page and try again.');
  }
  const flow = await findFlowSession(request.server.db, found.token, request.server.identity.now());
  // A token of another provider's checkout is as unknown here as a made-up one.
  if (flow === null) throw apiError('flow_token_required');
  const { provider } = await request.readyProvider();
  if (provider.id !== flow.providerId) throw apiError('flow_token_required');
  request.flow = flow;
};

/** The flow a `caller: 'flow'` route runs with. */
export function flowOf(request: FastifyRequest): RequestFlow {
  if (request.flow === null) throw apiError('flow_token_required');
  return request.flow;
}

/** request.flow, null until requireFlowToken sets it. Register before any route. */
export const flowPlugin = globalPlugin('flow', async (app) => {
  app.decorateRequest('flow', null);
});
