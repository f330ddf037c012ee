// Helpers for the identity API tests: requests as a browser (cookie + Origin) or as an API client
// (bearer), and signing in. Each request comes from a fresh made-up address unless told otherwise,
// so the per-address rate limit of the login route only bites the test that is about it.

import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const ORIGIN = 'http://localhost:8182';

/** The envelope as a test reads it: loosely typed, because each test checks the fields it is about. */
export interface LooseEnvelope {
  request_status: '0' | '1';
  request_details?: any;
  error_message?: any;
}

export interface Caller {
  /** `<user_token>:<session_key>` */
  credential?: string;
  via?: 'cookie' | 'bearer';
  host?: string;
  origin?: string | null;
  ip?: string;
}

export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  caller: Caller = {},
): Promise<{ status: number; body: LooseEnvelope; response: LightMyRequestResponse }> {
  const headers: Record<string, string> = { host: caller.host ?? 'localhost' };
  const origin = caller.origin === undefined ? ORIGIN : caller.origin;
  if (origin !== null) headers.origin = origin;
  const options: InjectOptions = { method, url, headers, remoteAddress: caller.ip ?? randomIp() };
  if (caller.credential !== undefined) {
    if ((caller.via ?? 'bearer') === 'bearer') headers.authorization = `Bearer ${caller.credential}`;
    else options.cookies = { token: caller.credential };
  }
  // Always JSON, even for a string or null body: the tests of malformed input are about its shape.
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json<LooseEnvelope>(), response };
}

export interface SignedIn {
  credential: string;
  userToken: string;
  sessionKey: string;
  doubleAuth: 0 | 1;
}

export async function signIn(app: FastifyInstance, email: string, password: string, host = 'localhost'): Promise<SignedIn> {
  const { status, body } = await call(app, 'POST', '/v1/users/login', { email, password }, { host });
  if (status !== 200 || body.request_status !== '1') throw new Error(`signIn ${email} failed: ${status} ${JSON.stringify(body)}`);
  const details = body.request_details as { user_token: string; session_key: string; doubleAuth: 0 | 1 };
  return { credential: `${details.user_token}:${details.session_key}`, userToken: details.user_token, sessionKey: details.session_key, doubleAuth: details.doubleAuth };
}
