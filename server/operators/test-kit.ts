// Test helpers for console endpoints. operatorSession(app, role) makes a fresh operator of that role
// (a new one per call: a re-used operator would meet TOTP replay refusal and lockout counts of other
// tests) with a live session written straight to the database, and answers the headers of a browser
// calling as it: the op_token cookie, the Origin a mutation needs, and the Host of its provider.
//   const headers = await operatorSession(app, 'admin');
//   await app.inject({ method: 'GET', url: '/v1/admin/audit', headers });

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '#core/operators/roles.ts';
import { hashPassword } from '../auth/password.ts';
import { createOperator } from './create-operator.ts';
import { OPERATOR_COOKIE, startOperatorSession } from './sessions.ts';

export const TEST_OPERATOR_PASSWORD = 'Console-test-2026!';
let passwordHash: Promise<string> | undefined;

export interface OperatorHeaders {
  cookie: string;
  origin: string;
  host: string;
  [name: string]: string;
}

export interface TestOperator {
  id: bigint;
  providerId: bigint;
  email: string;
  password: string;
  role: OperatorRole;
  totpSecret: string;
  sessionId: bigint;
  token: string;
  headers: OperatorHeaders;
}

/** The demo provider (wl_id 1) unless told otherwise. */
async function providerOf(app: FastifyInstance, providerId: bigint | undefined): Promise<{ id: bigint; host: string }> {
  const provider = providerId ?? (await app.db.selectFrom('providers').select('id').where('wl_id', '=', '1').executeTakeFirstOrThrow()).id;
  const host = await app.db.selectFrom('provider_hosts').select('host').where('provider_id', '=', provider).orderBy('host').executeTakeFirstOrThrow();
  return { id: provider, host: host.host };
}

/** A fresh operator of `role` (password TEST_OPERATOR_PASSWORD) signed in now. */
export async function createTestOperator(app: FastifyInstance, role: OperatorRole, providerId?: bigint): Promise<TestOperator> {
  const provider = await providerOf(app, providerId);
  const email = `${role}-${randomBytes(5).toString('hex')}@operators.test`;
  const made = await createOperator(app.db, app.operators.totpBox, { providerId: provider.id, email, name: `Test ${role}`, role, password: TEST_OPERATOR_PASSWORD }, await (passwordHash ??= hashPassword(TEST_OPERATOR_PASSWORD)));
  const session = await startOperatorSession(app.db, { id: made.id, role }, '127.0.0.1', app.operators.now());
  return {
    id: made.id,
    providerId: provider.id,
    email,
    password: TEST_OPERATOR_PASSWORD,
    role,
    totpSecret: made.totpSecret,
    sessionId: session.sessionId,
    token: session.token,
    headers: { cookie: `${OPERATOR_COOKIE}=${session.token}`, origin: app.identity.publicOrigin, host: provider.host },
  };
}

/** The headers of a fresh operator of `role` (of `providerId`, default the demo provider) with a live console session. */
export async function operatorSession(app: FastifyInstance, role: OperatorRole, providerId?: bigint): Promise<OperatorHeaders> {
  return (await createTestOperator(app, role, providerId)).headers;
}
