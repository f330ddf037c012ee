// The console's guest identity checks (core/contract/admin-guest-identity.ts), for operators with role
// compliance or admin, within their own provider: the checks in review and the decision, audited with
// recordAudit in the decision's transaction (guest-identity.ts decideGuestIdentity, then the clearance).

import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COMPLIANCE_ROLES } from '#core/contract/admin-compliance.ts';
import { decideGuestIdentityEndpoint, listGuestIdentities, type GuestIdentity } from '#core/contract/admin-guest-identity.ts';
import { appError } from '#core/errors.ts';
import { formatMinor } from '#core/money.ts';
import { route } from '../contract/route.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { recordAudit } from '../operators/audit.ts';
import { operatorGuard, operatorOf } from '../operators/guard.ts';
import type { Kysely } from 'kysely';
import type { Env } from '../env.ts';
import { decideGuestIdentity } from './guest-identity.ts';
import { guestIdentityBoxFor } from './guest-identity-box.ts';

/** Where an operator reads a guest's photo (role document or selfie): an image file, never cached. */
export const GUEST_PHOTO_PATH = '/v1/admin/guest-identities/:checkoutId/photos/:role';

const COLUMNS = [
  'guest_checkouts.public_id', 'guest_checkouts.first_name', 'guest_checkouts.last_name', 'guest_checkouts.email', 'guest_checkouts.fiat_amount_minor',
  'guest_checkouts.fiat_currency', 'guest_checkouts.status', 'guest_identity_checks.document_type', 'guest_identity_checks.document_number',
  'guest_identity_checks.issue_country', 'guest_identity_checks.state', 'guest_identity_checks.submitted_at',
] as const;

function checks(db: Kysely<Database>, providerId: bigint) {
  return db
    .selectFrom('guest_identity_checks')
    .innerJoin('guest_checkouts', 'guest_checkouts.id', 'guest_identity_checks.checkout_id')
    .select(COLUMNS)
    .where('guest_identity_checks.provider_id', '=', providerId);
}

type Row = Awaited<ReturnType<ReturnType<typeof checks>['executeTakeFirstOrThrow']>>;

const answer = (row: Row): GuestIdentity => ({
  checkout_id: row.public_id,
  name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
  email: row.email ?? '',
  amount: formatMinor(row.fiat_amount_minor, row.fiat_currency),
  currency: row.fiat_currency,
  document_type: row.document_type,
  document_number: row.document_number,
  issue_country: row.issue_country,
  state: row.state,
  checkout_status: row.status,
  submitted_at: row.submitted_at.toISOString(),
});

export async function adminGuestIdentityRoutes(app: FastifyInstance, options: { env: Pick<Env, 'APP_SECRET' | 'MODE'> }): Promise<void> {
  const box = guestIdentityBoxFor(options.env);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // A guest's photo for the operators allowed to review it, opened and checked against its hash.
  app.get<{ Params: { checkoutId: string; role: string } }>(GUEST_PHOTO_PATH, { preHandler: operatorGuard(COMPLIANCE_ROLES) }, async (request, reply) => {
    const { checkoutId, role } = request.params;
    if (!/^chk_[A-Za-z0-9_-]{22}$/.test(checkoutId) || (role !== 'document' && role !== 'selfie')) throw new ApiError(appError('document_not_found'));
    const row = await app.db
      .selectFrom('guest_identity_checks')
      .innerJoin('guest_checkouts', 'guest_checkouts.id', 'guest_identity_checks.checkout_id')
      .select(['guest_checkouts.id', 'document_content_type', 'document_sha256', 'document_sealed', 'selfie_content_type', 'selfie_sha256', 'selfie_sealed'])
      .where('guest_checkouts.public_id', '=', checkoutId)
      .where('guest_identity_checks.provider_id', '=', operatorOf(request).providerId)
      .executeTakeFirst();
    if (!row) throw new ApiError(appError('document_not_found'));
    const photo = role === 'document'
      ? { type: row.document_content_type, sha256: row.document_sha256, sealed: row.document_sealed }
      : { type: row.selfie_content_type, sha256: row.selfie_sha256, sealed: row.selfie_sealed };
    const bytes = box.open(row.id, role, photo.sealed);
    if (createHash('sha256').update(bytes).digest('hex') !== photo.sha256) throw new Error('guest identity: the opened photo does not match its hash');
    return reply
      .header('content-type', photo.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(Buffer.from(bytes));
  });

  route(app, listGuestIdentities, async ({ request }) => {
    const rows = await checks(app.db, operatorOf(request).providerId).where('guest_identity_checks.state', '=', 'review').orderBy('guest_identity_checks.submitted_at').limit(200).execute();
    return { checks: rows.map(answer) };
  });

  route(app, decideGuestIdentityEndpoint, async ({ params, body, request }) => {
    const operator = operatorOf(request);
    const checkout = await app.db.selectFrom('guest_checkouts').select(['id']).where('public_id', '=', params.checkoutId).where('provider_id', '=', operator.providerId).executeTakeFirst();
    if (!checkout) throw new ApiError(appError('checkout_not_found'));
    const decision = body.decision === 'approve' ? ({ decision: 'approved' } as const) : ({ decision: 'rejected', reason: body.reason } as const);
    const decided = await decideGuestIdentity(app.db, app.rates, checkout.id, decision, app.identity.now(), (trx, locked) =>
      recordAudit(trx, {
        operator,
        ip: request.ip,
        action: body.decision === 'approve' ? 'guest_kyc.approve' : 'guest_kyc.reject',
        targetType: 'checkout',
        targetId: locked.public_id,
        before: { state: 'review', status: locked.status },
        after: { state: decision.decision, reason: body.decision === 'reject' ? body.reason : null },
      }),
    );
    if (!decided.ok) throw new ApiError(decided.error);
    return answer(await checks(app.db, operator.providerId).where('guest_checkouts.public_id', '=', params.checkoutId).executeTakeFirstOrThrow());
  });
}
