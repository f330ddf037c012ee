// PATCH /v1/users/changeOTP: login codes on or off. Turning them on needs a code from
// requestOTP with purpose otp_settings, proving the member can receive what every later login will
// ask for; this sign-in then counts as verified (doubleAuth 1). Turning them off needs a session that
// passed its second factor, which the endpoint's session rule already demands (double_auth_required).

import type { FastifyInstance } from 'fastify';
import { REQUIRED_FIELD } from '#core/contract/fields.ts';
import { changeOTP, type ChangeOtpAnswer } from '#core/contract/profile.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { checkCode } from '../verification/codes.ts';

export async function changeOtpRoutes(app: FastifyInstance): Promise<void> {
  // Answers name where codes went and what is verified: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
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
}
