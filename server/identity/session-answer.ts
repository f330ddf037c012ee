import type { FastifyReply } from 'fastify';
import type { SessionAnswer } from '#core/contract/users.ts';
import { setSessionCookie } from './authenticate.ts';
import type { StartedSession } from './sessions.ts';

/**
 * A started session as login, register, loginWithToken, changePassword and onboarding answer it:
 * in the body for API clients, and in the HttpOnly cookie for the browser.
 */
export function sessionAnswer(reply: FastifyReply, started: StartedSession, userToken: string, doubleAuth: 0 | 1): SessionAnswer {
  setSessionCookie(reply, { userToken, sessionKey: started.sessionKey });
  return { user_token: userToken, session_key: started.sessionKey, doubleAuth };
}
