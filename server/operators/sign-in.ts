// POST /v1/admin/session: email, password and the authenticator's code together. Whatever part is wrong
// (no such operator, a disabled one, the password, the code, a replayed code) the caller gets the same
// operator_sign_in_failed after the same scrypt work, so neither the answer nor its timing says which;
// the audit log (admin only) records which it was. Failures count towards the lockout of
// server/identity/lockout.ts (5 in 15 minutes lock the operator 15 minutes), and a code is accepted once:
// its step is stored under a row lock, so two sign-ins racing with one code cannot both pass.

import type { FastifyInstance } from 'fastify';
import { verifyTotp } from '#core/compliance/totp.ts';
import type { OperatorSignIn } from '#core/contract/admin-session.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { afterFailure, CLEARED, isLocked, lockedError } from '../identity/lockout.ts';
import { writeAudit } from './audit.ts';
import type { OperatorContext } from './operator-context.ts';
import { startOperatorSession } from './sessions.ts';

type FailureReason = 'unknown_email' | 'disabled' | 'locked' | 'password' | 'code' | 'code_reused';

// A real hash of a random password: an unknown email costs what a real check costs.
let decoyHash: Promise<string> | undefined;

export interface SignedInOperator {
  operator: OperatorContext;
  token: string;
}

export async function signInOperator(app: FastifyInstance, providerId: bigint, body: OperatorSignIn, ip: string): Promise<SignedInOperator> {
  const now = app.operators.now();
  const operator = await app.db
    .selectFrom('operators')
    .select(['id', 'provider_id', 'email', 'name', 'role', 'password_hash', 'totp_secret_sealed', 'totp_last_step', 'disabled_at', 'failed_login_count', 'failed_login_since', 'locked_until'])
    .where('provider_id', '=', providerId)
    .where('email', '=', body.email)
    .executeTakeFirst();

  const failed = async (operatorId: bigint | null, reason: FailureReason) => {
    await writeAudit(app.db, { providerId, operatorId, ip, action: 'operator.sign_in_failed', targetType: 'operator', targetId: operatorId?.toString() ?? body.email, before: null, after: { email: body.email, reason } });
    return apiError('operator_sign_in_failed');
  };

  if (!operator || operator.disabled_at !== null) {
    await verifyPassword(body.password, await (decoyHash ??= hashPassword(`decoy-${now.getTime()}`)));
    throw await failed(operator?.id ?? null, operator ? 'disabled' : 'unknown_email');
  }
  if (isLocked(operator, now)) {
    await failed(operator.id, 'locked');
    throw new ApiError(lockedError(operator.locked_until as Date, now));
  }

  const passwordOk = await verifyPassword(body.password, operator.password_hash);
  const secret = app.operators.totpBox.open({ providerId, email: operator.email }, operator.totp_secret_sealed);

  const outcome = await app.db.transaction().execute(async (trx) => {
    // Re-read under a row lock: concurrent failures each count, and a code is taken once.
    const current = await trx
      .selectFrom('operators')
      .select(['totp_last_step', 'failed_login_count', 'failed_login_since', 'locked_until'])
      .where('id', '=', operator.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const code = verifyTotp({ secret, code: body.code, nowMs: now.getTime(), lastAcceptedStep: current.totp_last_step === null ? null : Number(current.totp_last_step) });
    if (passwordOk && code.ok && !isLocked(current, now)) {
      await trx.updateTable('operators').set({ ...CLEARED, totp_last_step: BigInt(code.step) }).where('id', '=', operator.id).execute();
      const session = await startOperatorSession(trx, operator, ip, now);
      await writeAudit(trx, { providerId, operatorId: operator.id, ip, action: 'operator.sign_in', targetType: 'operator', targetId: operator.id.toString(), before: null, after: { session_id: session.sessionId, role: operator.role } });
      return { ok: true as const, session };
    }
    const reason: FailureReason = isLocked(current, now) ? 'locked' : !passwordOk ? 'password' : code.ok ? 'code' : code.code === 'totp_reused' ? 'code_reused' : 'code';
    const state = isLocked(current, now) ? current : afterFailure(current, now);
    await trx.updateTable('operators').set({ failed_login_count: state.failed_login_count, failed_login_since: state.failed_login_since, locked_until: state.locked_until }).where('id', '=', operator.id).execute();
    await writeAudit(trx, { providerId, operatorId: operator.id, ip, action: 'operator.sign_in_failed', targetType: 'operator', targetId: operator.id.toString(), before: null, after: { email: body.email, reason } });
    return { ok: false as const, lockedUntil: isLocked(state, now) ? state.locked_until : null };
  });

  if (!outcome.ok) {
    if (outcome.lockedUntil) throw new ApiError(lockedError(outcome.lockedUntil, now));
    throw apiError('operator_sign_in_failed');
  }
  return {
    operator: { id: operator.id, providerId, role: operator.role, email: operator.email, name: operator.name, sessionId: outcome.session.sessionId },
    token: outcome.session.token,
  };
}
