// The life of one withdrawal on screen: form -> code (2-FA Pending) -> done (reserved, pending
// payout) or canceled. Each request carries its own Idempotency-Key, reused only on a retry of the
// same click. Confirming reserves money and canceling releases it, so both refresh the shared
// balances at once.
import { useRef, useState } from 'react';
import { withdrawal, withdrawalResend, type WithdrawalInput } from '#core/contract/withdrawals.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { refreshBalancesAfterChange } from '../../wallets/use-balances.ts';
import { createAttemptKey, outcomeUnknown } from '../form-kit/attempt-key.ts';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import type { Destination } from './withdrawal-figures.tsx';

export type WithdrawalStage =
  | { kind: 'form' }
  | { kind: 'code'; transaction: TransactionRecord; sentTo: string; destination: Destination }
  | { kind: 'done'; transaction: TransactionRecord }
  | { kind: 'canceled' };

export function useWithdrawal() {
  const locale = useBootStore((state) => state.locale);
  const [stage, setStage] = useState<WithdrawalStage>({ kind: 'form' });
  const attempt = useRef(createAttemptKey());

  /** Starts a withdrawal to `destination`; answers the failure (to show) or null. */
  const start = async (body: WithdrawalInput, destination: Destination): Promise<ApiError | null> => {
    const result = await memberApi().call(withdrawal, { body }, { idempotencyKey: attempt.current.current() });
    if (!result.ok) {
      if (!outcomeUnknown(result.status, result.error.code)) attempt.current.settle();
      return result.error;
    }
    attempt.current.settle();
    setStage({ kind: 'code', transaction: result.data.transaction, sentTo: result.data.code_sent_to, destination });
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
      void refreshBalancesAfterChange();
    },
    canceled: () => {
      setStage({ kind: 'canceled' });
      void refreshBalancesAfterChange();
    },
    reset: () => setStage({ kind: 'form' }),
  };
}
