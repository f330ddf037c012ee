// One-time codes (requestOTP, resendOTP, verifyOTP: for the signed-in member or, with reg_token, for
// a registration attempt) and identity verification (setVerifyId, setVerificationData, spec §4).
// The code endpoints are public in the contract because codeTarget decides between a session and a
// reg_token. All are limited per address (the auth class) as well as per subject (codes.ts),
// because guessing codes is what an attacker would do here.

import type { FastifyInstance } from 'fastify';
import { requestOTP, resendOTP, setVerificationData, setVerifyId, verifyOTP } from '#core/contract/verify.ts';
import { setVerifyId as setVerifyIdState } from '#core/compliance/verification-number.ts';
import { changeApplication, lockApplication } from '../compliance/applications.ts';
import { declareDocument } from '../compliance/member-steps.ts';
import { readFacts, stepsOf } from '../compliance/progress.ts';
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

  // setVerifyId moves the member's identity check (kyc_applications) to core's state for the spec word and
  // users.compliance_status with it; an approved identity is final.
  route(app, setVerifyId, async ({ body, request }) => {
    const session = sessionOf(request);
    const member = { userId: session.userId, providerId: session.providerId };
    const { state, number } = setVerifyIdState(body.compliance);
    await app.db.transaction().execute(async (trx) => {
      const application = await lockApplication(trx, member);
      if (application.identity_approved_at !== null) throw apiError('compliance_final');
      await changeApplication(trx, application, { state, submitted_at: application.submitted_at ?? new Date(), decided_at: null, decided_by: null });
    });
    return { complianceVerification: number };
  });

  // setVerificationData declares the document of the member's identity check (server/compliance/member-steps.ts);
  // its photos and the submission follow on /compliance. The answer is the verification number after the call.
  route(app, setVerificationData, async ({ body, request }) => {
    const session = sessionOf(request);
    const member = { userId: session.userId, providerId: session.providerId };
    const declared = await declareDocument(app.db, member, body);
    if (!declared.ok) throw new ApiError(declared.error);
    return { complianceVerification: stepsOf(await readFacts(app.db, member), 'retail').verification };
  });
}
