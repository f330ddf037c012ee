// Profile and password (core/contract/profile.ts): edit the profile, change the password (allowed with
// an expired one), turn login codes on or off, and the password reset by mailed link.
//
// changeOTP: turning login codes on needs a code from requestOTP with purpose otp_settings, proving the
// member can receive what every later login will ask for; this sign-in then counts as verified
// (doubleAuth 1). Turning them off needs a session that passed its second factor, which the endpoint's
// session rule already demands (double_auth_required).
//
// forgetPassword answers the same whether or not the address has an account, so it cannot be used to
// find out who is a member; the link points at the provider's own host (verification/link-origin.ts).

import type { FastifyInstance } from 'fastify';
import { REQUIRED_FIELD } from '#core/contract/fields.ts';
import { changeOTP, changePassword, editProfile, forgetPassword, resetPassword, type ChangeOtpAnswer } from '#core/contract/profile.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import * as profile from '../identity/profile.ts';
import { sessionAnswer } from '../identity/session-answer.ts';
import { userInfoWithMoney } from '../money/user-info-money.ts';
import { checkCode } from '../verification/codes.ts';
import { linkOrigin } from '../verification/link-origin.ts';
import { requestPasswordReset, resetPassword as setNewPassword } from '../verification/password-reset.ts';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  // Answers carry personal data, session keys and what is verified: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, editProfile, async ({ body, request }) => {
    const session = sessionOf(request);
    await profile.editProfile(app, session, body);
    return { user_info: await userInfoWithMoney(app, session) };
  });

  route(app, changePassword, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const result = await profile.changePassword(app, session, body);
    return sessionAnswer(reply, result, session.userToken, result.doubleAuth);
  });

  route(app, changeOTP, async ({ body, request }) => {
    const session = sessionOf(request);
    if (body.OTPLogin === 1) {
      if (body.code === undefined) throw apiError('validation_failed', undefined, { code: [REQUIRED_FIELD] });
      const checked = await checkCode(app.db, app.notifier.codeKey, { subject: { userId: session.userId }, purpose: 'otp_settings', code: body.code });
      if (!checked.ok) throw new ApiError(checked.error);
    }
    const row = await app.db
      .updateTable('users')
      .set(body.OTPLogin === 1 ? { otp_login: 1, otp_login_state: 'verified' } : { otp_login: 0, otp_login_state: null })
      .where('id', '=', session.userId)
      .where('provider_id', '=', session.providerId)
      .returning(['otp_login', 'otp_login_state'])
      .executeTakeFirstOrThrow();
    const answer: ChangeOtpAnswer = { OTPLogin: row.otp_login === 1 ? 1 : 0, doubleAuth: row.otp_login_state === 'verified' ? 1 : 0 };
    return answer;
  });

  route(app, forgetPassword, async ({ body, request }) => {
    const { provider } = await request.readyProvider();
    const reset = { providerId: provider.id, email: body.email, language: body.language, origin: linkOrigin(app.notifier.publicUrl, request.hostname), now: app.identity.now() };
    // After the answer: looking the address up and mailing would make a known address answer slower.
    app.notifier.background(
      () => requestPasswordReset(app.db, app.notifier, reset),
      (error) => request.log.error({ err: error }, 'password reset mail failed'),
    );
    return { sent: true as const };
  });

  route(app, resetPassword, async ({ body, request }) => {
    const { provider } = await request.readyProvider();
    await setNewPassword(app.db, { providerId: provider.id, resetToken: body.reset_token, password: body.password, now: app.identity.now() });
    return { reset: true as const };
  });
}
