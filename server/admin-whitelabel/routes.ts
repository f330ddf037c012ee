// The console's white-label editor (core/contract/admin-whitelabel.ts), admin only. A save is checked by
// core's schema (the contract), written with its audit row in one transaction, and then the provider
// directory forgets its cached answers, so this server's next page load and configuration call serve it
// at once (other servers within the directory's TTL).

import type { FastifyInstance } from 'fastify';
import { getAdminWhitelabel, saveAdminWhitelabel } from '#core/contract/admin-whitelabel.ts';
import { route } from '../contract/route.ts';
import { recordAudit } from '../operators/audit.ts';
import { operatorOf } from '../operators/guard.ts';
import { readProviderSettings, saveProviderSettings } from './provider-settings.ts';

export async function adminWhitelabelRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, getAdminWhitelabel, async ({ request }) => ({ settings: await readProviderSettings(app.db, operatorOf(request).providerId) }));

  route(app, saveAdminWhitelabel, async ({ body, request }) => {
    const operator = operatorOf(request);
    const change = await app.db.transaction().execute(async (trx) => {
      const saved = await saveProviderSettings(trx, operator.providerId, body.settings);
      await recordAudit(trx, { operator, ip: request.ip, action: 'whitelabel.update', targetType: 'provider', targetId: String(operator.providerId), before: saved.before, after: saved.after });
      return saved;
    });
    // After the commit: a cache refilled before it would hold the old settings again.
    app.providers.clear();
    return { settings: change.after };
  });
}
