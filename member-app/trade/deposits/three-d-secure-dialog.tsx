// The test acquirer's 3-D Secure challenge. A real bank would show its own page;
// the test acquirer asks the member to approve or fail it, and says plainly that it is a test.
import { useState } from 'react';
import { depositThreeDSecure, type DepositAnswer } from '#core/contract/deposits.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { Modal } from '#ui/modal/modal.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';

export interface ThreeDSecureDialogProps {
  transactionId: string;
  amountText: string;
  onDone: (result: { ok: true; answer: DepositAnswer } | { ok: false; error: ApiError }) => void;
  onClose: () => void;
}

export function ThreeDSecureDialog({ transactionId, amountText, onDone, onClose }: ThreeDSecureDialogProps) {
  const t = useTradeT();
  const [busy, setBusy] = useState(false);
  const answer = async (outcome: 'approve' | 'fail') => {
    setBusy(true);
    const result = await memberApi().call(depositThreeDSecure, { body: { transaction_id: transactionId, outcome } });
    setBusy(false);
    onDone(result.ok ? { ok: true, answer: result.data } : { ok: false, error: result.error });
  };
  return (
    <Modal
      open
      title={t('threeDs.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void answer('approve')}>{t('threeDs.approve')}</button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void answer('fail')}>{t('threeDs.fail')}</button>
        </>
      }
    >
      <p><span className="badge badge--test">{t('threeDs.badge')}</span></p>
      <p>{t('threeDs.body', { amount: amountText })}</p>
      <p className="panel__note">{t('threeDs.note')}</p>
    </Modal>
  );
}
