// A fresh code for a withdrawal still waiting for one (2-FA Pending): the mail was lost, the code
// expired, or another withdrawal's code replaced it. The new code is bound to this withdrawal, and
// the once-a-minute and hourly send limits apply as to any resend.

import type { Kysely } from 'kysely';
import type { WithdrawalAnswer } from '#core/contract/withdrawals.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { issueWithdrawalCode, type CodeRecipient } from './withdrawal-code.ts';

export type ResendResult = { ok: true; answer: WithdrawalAnswer } | { ok: false; error: AppError; retryAfterS?: number };

export async function resendWithdrawalCode(db: Kysely<Database>, notifier: Notifier, member: CodeRecipient, transactionId: string): Promise<ResendResult> {
  const row = await db
    .selectFrom('money_transactions')
    .selectAll()
    .where('public_id', '=', transactionId)
    .where('user_id', '=', member.userId)
    .where('provider_id', '=', member.providerId)
    .executeTakeFirst();
  if (!row || row.type !== 'withdrawal') return { ok: false, error: appError('transaction_not_found') };
  if (row.status !== 'initial') return { ok: false, error: appError('transaction_not_pending') };
  const code = await issueWithdrawalCode(db, notifier, member, { resend: true });
  if (!code.ok) return code;
  const updated = await db
    .updateTable('money_transactions')
    .set({ details: JSON.stringify({ ...row.details, code_id: code.codeId.toString() }), updated_at: new Date() })
    .where('id', '=', row.id)
    .where('status', '=', 'initial')
    .returningAll()
    .executeTakeFirst();
  if (!updated) return { ok: false, error: appError('transaction_not_pending') };
  const sentTo = await code.send();
  return { ok: true, answer: { transaction: toTransactionRecord(updated), code_sent_to: sentTo } };
}
