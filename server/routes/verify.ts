// One-time codes (requestOTP, resendOTP, verifyOTP: for the signed-in member or, with reg_token, for
// a registration attempt) and identity verification (setVerifyId, setVerificationData, spec §4).
// The code endpoints are public in the contract because codeTarget decides between a session and a
// reg_token. All are limited per address (the auth class) as well as per subject (codes.ts),
// because guessing codes is what an attacker would do here.

import type { FastifyInstance } from 'fastify';
import { requestOTP, resendOTP, setVerificationData, setVerifyId, verifyOTP } from '#core/contract/verify.ts';
import { verificationNumberAfterSetVerifyId, VERIFICATION } from '#core/rules/verification-number.ts';
import { route, type HandlerContext } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { checkCode } from '../verification/codes.ts';
import { codeTarget, destinationOf } from '../verification/code-target.ts';
import { markVerified } from '../verification/mark-verified.ts';
import { sendCode } from '../verification/send-code.ts';

export async function verifyRoutes(app: FastifyInstance): Promise<void> {
  // Answers name where codes went and what is verified: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function send({ body, request, reply }: HandlerContext<typeof requestOTP>) {
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
    return result.sent;
  }

  route(app, requestOTP, send);
  // A resend is a new request: the earlier code stops working and the same limits count it.
  route(app, resendOTP, send);

  route(app, verifyOTP, async ({ body, request, reply }) => {
    const target = await codeTarget(request, reply, body);
    const checked = await checkCode(app.db, app.notifier.codeKey, { subject: target.subject, purpose: body.purpose, code: body.code });
    if (!checked.ok) throw new ApiError(checked.error);
    return markVerified(app.db, target, body.purpose);
  });

  route(app, setVerifyId, async ({ body, request }) => {
    const session = sessionOf(request);
    const updated = await app.db
      .updateTable('users')
      .set({ compliance_status: body.compliance })
      .where('id', '=', session.userId)
      .where('provider_id', '=', session.providerId)
      .where('compliance_status', '!=', 'successful')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw apiError('compliance_final');
    return { complianceVerification: verificationNumberAfterSetVerifyId(body.compliance) };
  });

  route(app, setVerificationData, async ({ body, request }) => {
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
    return { complianceVerification: VERIFICATION.review };
  });
}
