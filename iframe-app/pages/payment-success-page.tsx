// /payment-success: paid. "Return to the shop" goes to the merchant's widget_return_url when set.
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { safeReturnUrl } from '../widget/payment-view.ts';
import { usePayment } from '../widget/use-payment.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';

export default function PaymentSuccessPage() {
  const t = useWidgetT();
  useDocumentTitle(t('success.title'));
  const state = usePayment('/payment-success');
  if (state.phase === 'loading') return <PaymentLoading />;
  if (state.phase === 'error') return <PaymentError retry={state.retry} />;
  const returnUrl = safeReturnUrl(state.merchant.widget.widget_return_url);
  return (
    <WidgetFrame merchant={state.merchant} details={state.details}>
      <section className="widget-page" aria-labelledby="success-title">
        <h1 id="success-title" className="widget-page__title">
          {t('success.title')}
        </h1>
        <p>{t('success.text')}</p>
        {returnUrl ? (
          <a className="button button--primary" href={returnUrl} target="_top" rel="noopener">
            {t('success.return')}
          </a>
        ) : null}
      </section>
    </WidgetFrame>
  );
}
