// /payment-detected: the payment is seen and waits for its confirmations (n of m). Less than due
// (paid_partial): what arrived, what is still due and where to send it (underpaid-body.tsx).
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { underpaymentOf } from '../widget/underpayment.ts';
import { usePayment } from '../widget/use-payment.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';
import { UnderpaidBody } from './underpaid-body.tsx';

export default function PaymentDetectedPage() {
  const t = useWidgetT();
  const state = usePayment('/payment-detected');
  useDocumentTitle(state.phase === 'ready' && underpaymentOf(state.status) ? t('underpaid.title') : t('detected.title'));
  if (state.phase === 'loading') return <PaymentLoading confirmLeave />;
  if (state.phase === 'error') return <PaymentError retry={state.retry} confirmLeave />;
  const { status, details } = state;
  const underpaid = underpaymentOf(status);
  return (
    <WidgetFrame merchant={state.merchant} details={details} confirmLeave>
      {underpaid ? <UnderpaidBody details={details} underpaid={underpaid} /> : <Confirmations confirmations={status.confirmations} required={status.required_confirmations} />}
    </WidgetFrame>
  );
}

function Confirmations({ confirmations, required: requiredOrNull }: { confirmations: number; required: number | null }) {
  const t = useWidgetT();
  // A detected payment has its coin, so its confirmations are known; 0 only guards the type.
  const required = requiredOrNull ?? 0;
  const seen = Math.min(confirmations, required);
  return (
    <section className="widget-page" aria-labelledby="detected-title">
      <h1 id="detected-title" className="widget-page__title">
        {t('detected.title')}
      </h1>
      <p>{t('detected.text')}</p>
      <p role="status" aria-live="polite">
        {t('detected.confirmations', { n: seen, m: required })}
      </p>
      <progress max={required} value={seen} aria-hidden="true" />
    </section>
  );
}
