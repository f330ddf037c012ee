// The console's own endpoints (core/contract/admin-session.ts, admin-overview.ts, admin-audit.ts):
// sign-in, sign-out, who is signed in, the overview counts and the audit log viewer and export.
// The areas' endpoints (compliance, money, merchants, ...) are registered by their own route plugins.

import type { FastifyInstance } from 'fastify';
import { exportAudit, listAudit } from '#core/contract/admin-audit.ts';
import { adminOverview, type Overview } from '#core/contract/admin-overview.ts';
import { OPERATOR_IDLE_TIMEOUT_S, operatorMe, operatorSignIn, operatorSignOut, type OperatorMe } from '#core/contract/admin-session.ts';
import { AREA_ROLES } from '#core/operators/areas.ts';
import { route } from '../contract/route.ts';
import { recordAudit } from './audit.ts';
import { exportAuditCsv, listAuditEntries } from './audit-log.ts';
import { operatorOf } from './guard.ts';
import type { OperatorContext } from './operator-context.ts';
import { clearOperatorCookie, revokeOperatorSession, setOperatorCookie } from './sessions.ts';
import { signInOperator } from './sign-in.ts';

export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  // Console answers are about the provider's members and staff: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const meOf = async (operator: OperatorContext): Promise<OperatorMe> => {
    const provider = await app.db.selectFrom('providers').select('name').where('id', '=', operator.providerId).executeTakeFirstOrThrow();
    return { email: operator.email, name: operator.name, role: operator.role, provider_name: provider.name, idle_timeout_s: OPERATOR_IDLE_TIMEOUT_S };
  };

  route(app, operatorSignIn, async ({ body, request, reply }) => {
    const { provider } = await request.readyProvider();
    const signedIn = await signInOperator(app, provider.id, body, request.ip);
    setOperatorCookie(reply, signedIn.token);
    return meOf(signedIn.operator);
  });

  route(app, operatorSignOut, async ({ request, reply }) => {
    const operator = operatorOf(request);
    await app.db.transaction().execute(async (trx) => {
      await revokeOperatorSession(trx, operator.sessionId, app.operators.now());
      await recordAudit(trx, { operator, ip: request.ip, action: 'operator.sign_out', targetType: 'operator', targetId: operator.id.toString(), before: { session_id: operator.sessionId }, after: null });
    });
    clearOperatorCookie(reply);
    return { signed_out: true as const };
  });

  route(app, operatorMe, async ({ request }) => meOf(operatorOf(request)));

  route(app, adminOverview, async ({ request }) => {
    const operator = operatorOf(request);
    const may = (area: keyof typeof AREA_ROLES) => AREA_ROLES[area].includes(operator.role);
    const overview: Overview = {};
    if (may('members')) {
      const row = await app.db
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('blocked_at').as('blocked')])
        .where('provider_id', '=', operator.providerId)
        .executeTakeFirstOrThrow();
      overview.members = { total: Number(row.total), blocked: Number(row.blocked) };
    }
    if (may('compliance')) {
      // The application's state, not users.compliance_status: a verified member's proof of address in
      // review keeps the status 'successful' yet waits for an operator all the same.
      const row = await app.db
        .selectFrom('kyc_applications')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('provider_id', '=', operator.providerId)
        .where('state', '=', 'review')
        .executeTakeFirstOrThrow();
      overview.compliance = { in_review: Number(row.count) };
    }
    if (may('money')) {
      const [wires, held] = await Promise.all([
        app.db
          .selectFrom('money_transactions')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('provider_id', '=', operator.providerId)
          .where('type', '=', 'deposit')
          .where('method', '=', 'wire')
          .where('status', '=', 'initial')
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('withdrawal_approvals')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('provider_id', '=', operator.providerId)
          .where('state', 'in', ['awaiting_first', 'awaiting_second'])
          .executeTakeFirstOrThrow(),
      ]);
      overview.money = { pending_wires: Number(wires.count), awaiting_approval: Number(held.count) };
    }
    if (may('merchants')) {
      const row = await app.db
        .selectFrom('merchants')
        .innerJoin('users', 'users.id', 'merchants.user_id')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('users.provider_id', '=', operator.providerId)
        .executeTakeFirstOrThrow();
      overview.merchants = { total: Number(row.count) };
    }
    if (may('audit')) {
      const today = new Date(`${app.operators.now().toISOString().slice(0, 10)}T00:00:00.000Z`);
      const row = await app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('provider_id', '=', operator.providerId)
        .where('created_at', '>=', today)
        .executeTakeFirstOrThrow();
      overview.audit = { today: Number(row.count) };
    }
    return overview;
  });

  route(app, listAudit, async ({ query, request }) => listAuditEntries(app.db, operatorOf(request).providerId, query));

  route(app, exportAudit, async ({ query, request, reply }) => {
    const operator = operatorOf(request);
    const csv = await exportAuditCsv(app.db, operator.providerId, query);
    // Taking the log away is itself an action to account for.
    await recordAudit(app.db, { operator, ip: request.ip, action: 'audit.export', targetType: 'audit_log', targetId: '', before: null, after: { filters: query } });
    reply.header('content-disposition', `attachment; filename="audit-log-${app.operators.now().toISOString().slice(0, 10)}.csv"`);
    return csv;
  });
}
