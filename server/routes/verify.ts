// POST /v1/verify/requestOTP, /v1/verify/resendOTP, /v1/verify/verifyOTP (one-time codes for the
// signed-in member or, with reg_token, for a registration attempt), PATCH /v1/verify/setVerifyId and
// PATCH /v1/verify/setVerificationData (identity verification, spec §4). Limited per address as well
// as per subject (codes.ts), because guessing codes is what an attacker would do here.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestOtpSchema, SetVerificationDataSchema, SetVerifyIdSchema, VerifyOtpSchema, type ComplianceAnswer } from '#core/contract/verify.ts';
import { ok } from '#core/envelope.ts';
import { verificationNumberAfterSetVerifyId, VERIFICATION } from '#core/rules/verification-number.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { checkCode } from '../verification/codes.ts';
import { codeTarget, destinationOf } from '../verification/code-target.ts';
import { markVerified } from '../verification/mark-verified.ts';
import { sendCode } from '../verification/send-code.ts';
import { authRateLimit, type AuthRouteOptions } from '../http/auth-rate-limit.ts';

export async function verifyRoutes(app: FastifyInstance, options: AuthRouteOptions = {}): Promise<void> {
  const rateLimit = authRateLimit(options.perMinute);
  // Answers name where codes went and what is verified: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function send(request: FastifyRequest, reply: FastifyReply) {
    const body = parseInput(RequestOtpSchema, request.body, 'body');
    const target = await codeTarget(request, reply, body);
    const language = body.language ?? (target.kind === 'user' ? target.user.language : null);
    const result = await sendCode(app.db, app.notifier, {
      providerId: target.providerId,
      subject: target.subject,
      purpose: body.purpose,
      to: destinationOf(target, body.purpose),
      language,
    });
    if (!result.ok) {
      reply.header('retry-after', String(result.retryAfterS));
      throw new ApiError(result.error);
    }
    return ok(result.sent);
  }

  app.post('/v1/verify/requestOTP', { config: { rateLimit } }, send);
  // A resend is a new request: the earlier code stops working and the same limits count it.
  app.post('/v1/verify/resendOTP', { config: { rateLimit } }, send);

  app.post('/v1/verify/verifyOTP', { config: { rateLimit } }, async (request, reply) => {
    const body = parseInput(VerifyOtpSchema, request.body, 'body');
    const target = await codeTarget(request, reply, body);
    const checked = await checkCode(app.db, app.notifier.codeKey, { subject: target.subject, purpose: body.purpose, code: body.code });
    if (!checked.ok) throw new ApiError(checked.error);
    return ok(await markVerified(app.db, target, body.purpose));
  });

  app.patch('/v1/verify/setVerifyId', { config: { rateLimit }, preHandler: requireSession }, async (request) => {
    const body = parseInput(SetVerifyIdSchema, request.body, 'body');
    const session = sessionOf(request);
    const updated = await app.db
      .updateTable('users')
      .set({ compliance_status: body.compliance })
      .where('id', '=', session.userId)
      .where('provider_id', '=', session.providerId)
      .where('compliance_status', '!=', 'successful')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw apiError('compliance_final');
    const answer: ComplianceAnswer = { complianceVerification: verificationNumberAfterSetVerifyId(body.compliance) };
    return ok(answer);
  });

  app.patch('/v1/verify/setVerificationData', { config: { rateLimit }, preHandler: requireSession }, async (request) => {
    const body = parseInput(SetVerificationDataSchema, request.body, 'body');
    const session = sessionOf(request);
    await app.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ compliance_status: 'review' })
        .where('id', '=', session.userId)
        .where('provider_id', '=', session.providerId)
        .where('compliance_status', '!=', 'successful')
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw apiError('compliance_final');
      await trx
        .insertInto('identity_documents')
        .values({ user_id: session.userId, document_type: body.documentType, document_number: body.documentNumber, issue_country: body.issueCountry })
        .execute();
    });
    const answer: ComplianceAnswer = { complianceVerification: VERIFICATION.review };
    return ok(answer);
  });
}
