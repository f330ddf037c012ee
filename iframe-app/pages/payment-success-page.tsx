// /payment-success: paid. With a return URL (the payment's own return_url, else the merchant's
// widget_return_url: the server answers which), "Return to {merchant}" goes through /redirect (which tells
// the SDK, or navigates standalone); without one, the page offers Close when the merchant's SDK is connected.
import { useSearch } from 'wouter';
import { requestClose } from '#ui/checkout/bridge.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { useMerchantBridge } from '../merchant-bridge.ts';
import { merchantDisplayName, safeReturnUrl, widgetHref } from '../widget/payment-view.ts';
import { usePayment } from '../widget/use-payment.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';

export default function PaymentSuccessPage() {
  const t = useWidgetT();
  useDocumentTitle(t('success.title'));
  const search = useSearch();
  const bridge = useMerchantBridge();
  const state = usePayment('/payment-success');
  if (state.phase === 'loading') return <PaymentLoading />;
  if (state.phase === 'error') return <PaymentError retry={state.retry} />;
  const returnUrl = safeReturnUrl(state.details.return_url);
  return (
    <WidgetFrame merchant={state.merchant} details={state.details}>
      <section className="widget-page" aria-labelledby="success-title">
        <h1 id="success-title" className="widget-page__title">
          {t('success.title')}
        </h1>
        <p>{t('success.text')}</p>
        {returnUrl ? (
          <Link className="button button--primary" href={widgetHref('/redirect', search)}>
            {t('success.return', { merchant: merchantDisplayName(state.merchant) })}
          </Link>
        ) : bridge ? (
          <button type="button" className="button button--primary" onClick={() => void requestClose(bridge)}>
            {t('success.close')}
          </button>
        ) : null}
      </section>
    </WidgetFrame>
  );
}
