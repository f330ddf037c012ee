// What an operator does to a member: block, unblock, end every session. Each runs in one transaction
// with the member's row locked and its audit row (recordAudit), so a block without its record, or two
// operators' changes interleaved, cannot happen. A block that changes nothing (already blocked) records
// nothing. A blocked member's sessions end with reason 'blocked' (their next call answers
// account_blocked) and signing in answers account_blocked (server/identity/login.ts).

import type { Kysely } from 'kysely';
import type { MemberAction } from '#core/contract/admin-members.ts';
import type { Database, SessionEndReason } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import { recordAudit } from './audit.ts';
import type { OperatorContext } from './operator-context.ts';

export type MemberActionKind = 'block' | 'unblock' | 'sign_out';

export async function actOnMember(
  db: Kysely<Database>,
  operator: OperatorContext,
  ip: string,
  memberId: bigint,
  kind: MemberActionKind,
  reason: string | null,
  now: Date,
): Promise<MemberAction> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'blocked_at']).where('id', '=', memberId).where('provider_id', '=', operator.providerId).forUpdate().executeTakeFirst();
    if (!user) throw apiError('member_not_found');
    const wasBlocked = user.blocked_at !== null;
    const blocked = kind === 'block' ? true : kind === 'unblock' ? false : wasBlocked;
    const answer = (sessionsEnded: number): MemberAction => ({ member_id: user.id.toString(), blocked, sessions_ended: sessionsEnded });
    if ((kind === 'block' && wasBlocked) || (kind === 'unblock' && !wasBlocked)) return answer(0);

    if (kind !== 'sign_out') await trx.updateTable('users').set({ blocked_at: blocked ? now : null }).where('id', '=', user.id).execute();
    const ended = kind === 'unblock' ? 0 : await endSessions(trx, user.id, kind === 'block' ? 'blocked' : 'operator', now);
    await recordAudit(trx, {
      operator,
      ip,
      action: kind === 'sign_out' ? 'member.sign_out' : `member.${kind}`,
      targetType: 'member',
      targetId: user.id.toString(),
      before: { blocked: wasBlocked },
      after: { blocked, sessions_ended: ended, ...(reason !== null ? { reason } : {}) },
    });
    return answer(ended);
  });
}

/** Ends the member's live sessions with `reason`; answers how many. */
async function endSessions(db: Kysely<Database>, userId: bigint, reason: SessionEndReason, now: Date): Promise<number> {
  const rows = await db.updateTable('sessions').set({ ended_at: now, end_reason: reason }).where('user_id', '=', userId).where('ended_at', 'is', null).returning('id').execute();
  return rows.length;
}
