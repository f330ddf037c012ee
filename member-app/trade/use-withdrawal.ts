// The life of one withdrawal on screen: form -> code (2-FA Pending) -> done (reserved, pending
// payout) or canceled. Each request carries its own Idempotency-Key, reused only on a retry of the
// same click.
import { useRef, useState } from 'react';
import { withdrawal, withdrawalResend, type WithdrawalInput } from '#core/contract/withdrawals.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { createAttemptKey, outcomeUnknown } from './attempt-key.ts';
import { tradeErrorText } from './trade-error.ts';

export type WithdrawalBody = WithdrawalInput;

export type WithdrawalStage =
  | { kind: 'form' }
  | { kind: 'code'; transaction: TransactionRecord; sentTo: string; body: WithdrawalBody }
  | { kind: 'done'; transaction: TransactionRecord }
  | { kind: 'canceled' };

export function useWithdrawal(onChanged: () => void) {
  const locale = useBootStore((state) => state.locale);
  const [stage, setStage] = useState<WithdrawalStage>({ kind: 'form' });
  const attempt = useRef(createAttemptKey());

  /** Starts a withdrawal; answers the failure (to show) or null. */
  const start = async (body: WithdrawalBody): Promise<ApiError | null> => {
    const result = await memberApi().call(withdrawal, { body }, { idempotencyKey: attempt.current.current() });
    if (!result.ok) {
      if (!outcomeUnknown(result.status, result.error.code)) attempt.current.settle();
      return result.error;
    }
    attempt.current.settle();
    setStage({ kind: 'code', transaction: result.data.transaction, sentTo: result.data.code_sent_to, body });
    return null;
  };

  /** A new code for the same withdrawal (the server binds it to this withdrawal; resend limits apply). */
  const resend = async (): Promise<string | null> => {
    if (stage.kind !== 'code') return null;
    const result = await memberApi().call(withdrawalResend, { body: { transaction_id: stage.transaction.id } });
    if (!result.ok) return tradeErrorText(result.error, locale);
    setStage({ ...stage, transaction: result.data.transaction, sentTo: result.data.code_sent_to });
    return null;
  };

  return {
    stage,
    start,
    resend,
    confirmed: (transaction: TransactionRecord) => {
      setStage({ kind: 'done', transaction });
      onChanged();
    },
    canceled: () => {
      setStage({ kind: 'canceled' });
      onChanged();
    },
    reset: () => setStage({ kind: 'form' }),
  };
}
