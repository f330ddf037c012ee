// A checkout that ended without being paid (failed, canceled, expired): what happened in words, that
// nothing is held, and the way to start again. The server's failure_reason is the guest's message
// (identity rejected, expired before it was verified, canceled); a declined card's words (`message`) come
// from the page, under the title that says the card was not accepted.
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { Link } from '#ui/components/link.tsx';
import { useFlowT } from '../i18n/use-flow-t.ts';

export const hasEnded = (checkout: CheckoutAnswer) => checkout.status === 'failed' || checkout.status === 'canceled' || checkout.status === 'expired';

export function CheckoutEnded({ checkout, message }: { checkout: CheckoutAnswer; message?: string | null }) {
  const t = useFlowT();
  return (
    <div className="flow-ended" role="alert">
      <p className="flow-ended__title">{message ? t('pay.declinedTitle') : t('pay.endedTitle')}</p>
      <p>{message ?? checkout.failure_reason ?? t('pay.ended', { status: checkout.status })}</p>
      <Link href="/" className="button button--primary">
        {t('pay.restart')}
      </Link>
    </div>
  );
}
