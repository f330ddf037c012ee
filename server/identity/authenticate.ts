// Who is calling: the session credential `<user_token>:<session_key>` from `Authorization: Bearer`
// (API clients, the flow) or from the HttpOnly `token` cookie (the member app). Routes opt in with a
// preHandler:
//   requireSession                       401 without a live session; 403 double_auth_required while this
//                                        sign-in's login code is pending; 403 expired_password after the
//                                        provider's password age
//   requireSessionDuringDoubleAuth       lets a pending login code through (currentUser, users/me, the
//                                        login-code endpoints); while the code is pending the password age
//                                        is not checked yet, so the user passes the second factor first
//   requireSessionWithExpiredPassword    lets an expired password through (changePassword)
//   optionalSession                      sets request.session when a valid credential came, never refuses
// A cookie is sent by the browser on its own, so a mutating call authenticated by cookie must also
// carry an Origin of this platform (CSRF); a bearer header is only ever sent on purpose.

import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SESSION_COOKIE_S } from '#core/constants.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { bearerCredential, hashToken, parseCredential, type SessionCredential } from './session-token.ts';
import { endSession, touchSession } from './sessions.ts';

export const SESSION_COOKIE = 'token';
const DAY_MS = 86_400_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestSession {
  userId: bigint;
  providerId: bigint;
  sessionId: bigint;
  userToken: string;
  via: 'cookie' | 'bearer';
  startedAt: Date;
  lastSeenAt: Date;
  /** The user turned login codes on and has not entered this sign-in's code yet. */
  doubleAuthPending: boolean;
  /** Older than the provider's password_max_age_days: only changing it (or leaving) is allowed. */
  passwordExpired: boolean;
}

export interface IdentityConfig {
  /** PUBLIC_URL's origin: the Origin a cookie-authenticated mutation may carry besides the request's own. */
  publicOrigin: string;
  /** Secure cookies when the platform is served over https. */
  secureCookie: boolean;
  /** The clock, replaceable in tests. */
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityConfig;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

export const identityPlugin = globalPlugin<{ publicUrl: string; now?: () => Date }>('identity', async (app, options) => {
  const url = new URL(options.publicUrl);
  app.decorate('identity', { publicOrigin: url.origin, secureCookie: url.protocol === 'https:', now: options.now ?? (() => new Date()) });
  app.decorateRequest('session', null);
});

export interface GuardOptions {
  allowPendingDoubleAuth?: boolean;
  allowExpiredPassword?: boolean;
}

/**
 * Authenticates and applies the guard's rules; returns the session or throws the ApiError to answer.
 * For routes that shape their own failure (GET /v1/currentUser adds error_message.me).
 */
export async function authenticateRequest(request: FastifyRequest, reply: FastifyReply, options: GuardOptions = {}): Promise<RequestSession> {
  const session = await authenticate(request, reply, 'require');
  if (session === null) throw apiError('unauthorized');
  if (session.doubleAuthPending) {
    if (!options.allowPendingDoubleAuth) throw apiError('double_auth_required');
    return session;
  }
  if (session.passwordExpired && !options.allowExpiredPassword) throw apiError('expired_password');
  return session;
}

export function sessionGuard(options: GuardOptions): preHandlerAsyncHookHandler {
  return async function guard(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await authenticateRequest(request, reply, options);
  };
}

export const requireSession = sessionGuard({});
export const requireSessionDuringDoubleAuth = sessionGuard({ allowPendingDoubleAuth: true });
export const requireSessionWithExpiredPassword = sessionGuard({ allowExpiredPassword: true });

export const optionalSession: preHandlerAsyncHookHandler = async function optional(request, reply) {
  try {
    await authenticate(request, reply, 'optional');
  } catch (error) {
    // A refused credential (cross-site cookie, malformed header, unknown host) means "anonymous";
    // anything else is a bug or an outage and must not be hidden.
    if (!(error instanceof ApiError)) throw error;
    request.session = null;
  }
};

/** The session a requireSession route runs with (a route without the preHandler gets 401, never a crash). */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (request.session === null) throw apiError('unauthorized');
  return request.session;
}

/** Sets the browser session cookie (HttpOnly: the app's JavaScript never sees the key). */
export function setSessionCookie(reply: FastifyReply, credential: SessionCredential): void {
  const { identity } = reply.server;
  reply.setCookie(SESSION_COOKIE, `${credential.userToken}:${credential.sessionKey}`, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_COOKIE_S,
    secure: identity.secureCookie,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: reply.server.identity.secureCookie });
}

async function authenticate(request: FastifyRequest, reply: FastifyReply, mode: 'require' | 'optional'): Promise<RequestSession | null> {
  request.session = null;
  const found = credentialOf(request);
  if (found === null) return null;
  if (found.via === 'cookie' && MUTATING.has(request.method) && !originAllowed(request)) throw apiError('forbidden', 'This request came from another site. Reload the page and try again.');

  const state = await request.provider();
  if (state.status === 'unknown_host') throw apiError('provider_not_found');
  const app = request.server;
  const now = app.identity.now();

  const row = await app.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('providers', 'providers.id', 'users.provider_id')
    .select([
      'sessions.id as session_id',
      'sessions.provider_id as session_provider_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.ended_at',
      'sessions.end_reason',
      'users.id as user_id',
      'users.provider_id',
      'users.user_token',
      'users.otp_login',
      'users.otp_login_state',
      'users.password_changed_at',
      'providers.password_max_age_days',
    ])
    .where('sessions.key_hash', '=', hashToken(found.credential.sessionKey))
    .executeTakeFirst();

  // A key for another user, or a session of another provider, is treated as no session at all:
  // the answer must not tell a caller that the key exists somewhere.
  if (!row || row.user_token !== found.credential.userToken || row.provider_id !== state.provider.id || row.session_provider_id !== state.provider.id) {
    return refuse(reply, found.via, mode, 'unauthorized');
  }
  if (row.ended_at !== null) return refuse(reply, found.via, mode, endedCode(row.end_reason));
  if (row.expires_at.getTime() <= now.getTime()) {
    await endSession(app.db, row.session_id, 'expired', now);
    return refuse(reply, found.via, mode, 'session_expired');
  }

  await touchSession(app.db, row.session_id, row.expires_at, now);
  const maxAgeDays = row.password_max_age_days;
  const session: RequestSession = {
    userId: row.user_id,
    providerId: row.provider_id,
    sessionId: row.session_id,
    userToken: row.user_token,
    via: found.via,
    startedAt: row.created_at,
    lastSeenAt: now,
    doubleAuthPending: row.otp_login === 1 && row.otp_login_state !== 'verified',
    passwordExpired: maxAgeDays !== null && row.password_changed_at.getTime() + maxAgeDays * DAY_MS <= now.getTime(),
  };
  request.session = session;
  return session;
}

function endedCode(reason: string | null): 'invalid_session' | 'session_expired' | 'unauthorized' | 'account_blocked' {
  if (reason === 'replaced') return 'invalid_session';
  // Ended by an operator's block: the app says the account is blocked rather than "sign in again".
  if (reason === 'blocked') return 'account_blocked';
  if (reason === 'expired') return 'session_expired';
  return 'unauthorized';
}

/** A dead cookie is cleared so the browser stops sending it; in optional mode the caller is simply anonymous. */
function refuse(reply: FastifyReply, via: 'cookie' | 'bearer', mode: 'require' | 'optional', code: 'invalid_session' | 'session_expired' | 'unauthorized' | 'account_blocked'): null {
  if (via === 'cookie' && mode === 'require') clearSessionCookie(reply);
  if (mode === 'optional') return null;
  throw apiError(code);
}

function credentialOf(request: FastifyRequest): { credential: SessionCredential; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const credential = bearerCredential(header);
    // A malformed Authorization header is a client bug; falling back to the cookie would hide it.
    if (credential === null) throw apiError('unauthorized', 'The Authorization header must be "Bearer <user_token>:<session_key>". Sign in again.');
    return { credential, via: 'bearer' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie === undefined || cookie === '') return null;
  const credential = parseCredential(cookie);
  if (credential === null) return null;
  return { credential, via: 'cookie' };
}

/** Origin must be PUBLIC_URL's origin or the request's own (scheme + Host); a missing Origin is refused. */
export function originAllowed(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  if (origin === request.server.identity.publicOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}
