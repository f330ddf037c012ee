// /payment-detected: the payment is seen and waits for its confirmations (n of m).
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { usePayment } from '../widget/use-payment.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';

export default function PaymentDetectedPage() {
  const t = useWidgetT();
  useDocumentTitle(t('detected.title'));
  const state = usePayment('/payment-detected');
  if (state.phase === 'loading') return <PaymentLoading />;
  if (state.phase === 'error') return <PaymentError retry={state.retry} />;
  const { status } = state;
  // A detected payment has its coin, so its confirmations are known; 0 only guards the type.
  const required = status.required_confirmations ?? 0;
  const seen = Math.min(status.confirmations, required);
  return (
    <WidgetFrame merchant={state.merchant} details={state.details}>
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
    </WidgetFrame>
  );
}
