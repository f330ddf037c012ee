// The guard of every operator endpoint (server/contract/route.ts registers it for caller 'operator'):
//   no op_token cookie, an unknown, revoked or idle (30 min) session, a disabled operator, a role changed
//   since sign-in, or a session of another provider's host    401 operator_session_required
//   a live session whose role the endpoint does not list        403 operator_forbidden
//   a mutation whose Origin is not this platform (CSRF)         403 forbidden
// A member's session cookie or bearer, or a merchant's secret key, is not a console credential: 401.
// On success request.operator says who acts, within which provider.

import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorRole } from '#core/operators/roles.ts';
import { apiError } from '../http/api-error.ts';
import { originAllowed } from '../identity/authenticate.ts';
import type { OperatorContext } from './operator-context.ts';
import { clearOperatorCookie, idleExpired, OPERATOR_COOKIE, operatorTokenHash, revokeOperatorSession, touchOperatorSession } from './sessions.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function operatorGuard(roles: readonly OperatorRole[]): preHandlerAsyncHookHandler {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const operator = await authenticateOperator(request, reply);
    if (!roles.includes(operator.role)) throw apiError('operator_forbidden');
    request.operator = operator;
  };
}

/** The operator of a live console session, or throws 401 operator_session_required (clearing a dead cookie). */
export async function authenticateOperator(request: FastifyRequest, reply: FastifyReply): Promise<OperatorContext> {
  request.operator = null;
  const hash = operatorTokenHash(request.cookies[OPERATOR_COOKIE]);
  if (hash === null) throw apiError('operator_session_required');
  if (MUTATING.has(request.method) && !originAllowed(request)) throw apiError('forbidden', 'This request came from another site. Reload the page and try again.');
  const state = await request.provider();
  if (state.status === 'unknown_host') throw apiError('provider_not_found');

  const app = request.server;
  const now = app.operators.now();
  const row = await app.db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.id as session_id',
      'operator_sessions.role as session_role',
      'operator_sessions.last_seen_at',
      'operator_sessions.revoked_at',
      'operators.id',
      'operators.provider_id',
      'operators.role',
      'operators.email',
      'operators.name',
      'operators.disabled_at',
    ])
    .where('operator_sessions.token_hash', '=', hash)
    .executeTakeFirst();

  const refuse = () => {
    clearOperatorCookie(reply);
    return apiError('operator_session_required');
  };
  if (!row || row.revoked_at !== null || row.disabled_at !== null || row.role !== row.session_role || row.provider_id !== state.provider.id) throw refuse();
  if (idleExpired(row.last_seen_at, now)) {
    await revokeOperatorSession(app.db, row.session_id, now);
    throw refuse();
  }
  await touchOperatorSession(app.db, row.session_id, row.last_seen_at, now);
  return { id: row.id, providerId: row.provider_id, role: row.role, email: row.email, name: row.name, sessionId: row.session_id };
}

/** The operator a guarded handler runs for (a route without the guard gets 401, never a crash). */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (request.operator === null) throw apiError('operator_session_required');
  return request.operator;
}
