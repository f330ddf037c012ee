// The members screens' endpoints (core/contract/admin-members.ts).

import type { FastifyInstance } from 'fastify';
import { blockMember, getMember, searchMembers as searchEndpoint, signOutMember, unblockMember } from '#core/contract/admin-members.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { operatorOf } from './guard.ts';
import { actOnMember } from './member-actions.ts';
import { memberDetail, searchMembers } from './members.ts';

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const prefixOf = async (request: Parameters<typeof operatorOf>[0]) => (await request.readyProvider()).settings.configuration.account_prefix;

  route(app, searchEndpoint, async ({ query, request }) => searchMembers(app.db, operatorOf(request).providerId, await prefixOf(request), query));

  route(app, getMember, async ({ params, request }) => {
    const operator = operatorOf(request);
    const detail = await memberDetail(app.db, operator.providerId, await prefixOf(request), BigInt(params.id), operator.role);
    if (!detail) throw apiError('member_not_found');
    return detail;
  });

  route(app, blockMember, async ({ params, body, request }) => actOnMember(app.db, operatorOf(request), request.ip, BigInt(params.id), 'block', body.reason, app.operators.now()));
  route(app, unblockMember, async ({ params, body, request }) => actOnMember(app.db, operatorOf(request), request.ip, BigInt(params.id), 'unblock', body.reason, app.operators.now()));
  route(app, signOutMember, async ({ params, request }) => actOnMember(app.db, operatorOf(request), request.ip, BigInt(params.id), 'sign_out', null, app.operators.now()));
}
