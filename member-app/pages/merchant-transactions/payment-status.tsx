// A payment's status as a pill, with its exception (underpaid, overpaid, paid late) beside it.
import type { MerchantPayment } from '#core/contract/merchant-office.ts';
import { useMerchantT } from '../../i18n/use-merchant-t.ts';

const TONES: Record<MerchantPayment['status'], 'success' | 'pending' | 'danger' | 'neutral'> = {
  new: 'pending',
  processing: 'pending',
  settled: 'success',
  expired: 'neutral',
  invalid: 'danger',
};

export function PaymentStatus({ payment }: { payment: Pick<MerchantPayment, 'status' | 'exception'> }) {
  const t = useMerchantT();
  return (
    <span className="mtx-status">
      <span className={`tx-status tx-status--${TONES[payment.status]}`} data-testid="mtx-status">{t(`status.${payment.status}`)}</span>
      {payment.exception ? <span className="mtx-exception" data-testid="mtx-exception">{t(`exception.${payment.exception}`)}</span> : null}
    </span>
  );
}
