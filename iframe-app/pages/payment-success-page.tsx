// /payment-success: paid. With a return URL (the payment's own return_url, else the merchant's
// widget_return_url: the server answers which), "Return to {merchant}" goes through /redirect (which tells
// the SDK, or navigates standalone); without one, the page offers Close when the merchant's SDK is connected.
import { useSearch } from 'wouter';
import { isPricedAnswer } from '#core/contract/merchant-payments.ts';
import { paymentSummary } from '#core/rules/payment-summary.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { requestClose } from '#ui/checkout/bridge.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { useMerchantBridge } from '../merchant-bridge.ts';
import { headerInputOf, merchantDisplayName, safeReturnUrl, widgetHref } from '../widget/payment-view.ts';
import { usePayment } from '../widget/use-payment.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';

export default function PaymentSuccessPage() {
  const t = useWidgetT();
  useDocumentTitle(t('success.title'));
  const search = useSearch();
  const bridge = useMerchantBridge();
  const locale = useBootStore((s) => s.locale);
  const state = usePayment('/payment-success');
  if (state.phase === 'loading') return <PaymentLoading />;
  if (state.phase === 'error') return <PaymentError retry={state.retry} />;
  const returnUrl = safeReturnUrl(state.details.return_url);
  const { details } = state;
  const total = paymentSummary(headerInputOf(state.merchant, details), locale).amountText;
  return (
    <WidgetFrame merchant={state.merchant} details={state.details}>
      <section className="widget-page" aria-labelledby="success-title">
        <h1 id="success-title" className="widget-page__title">
          {t('success.title')}
        </h1>
        <p>{t('success.text')}</p>
        {/* What was paid and the reference the buyer quotes to the shop: the payment's token, and the order id when there is one. */}
        <dl className="widget-success__facts">
          <div>
            <dt>{t('success.amount')}</dt>
            <dd data-testid="success-amount">
              {total ?? `${details.amount} ${details.currency}`}
              {isPricedAnswer(details) ? ` (${details.currency_1_amount} ${details.currency_1_iso})` : ''}
            </dd>
          </div>
          {details.order_id ? (
            <div>
              <dt>{t('success.order')}</dt>
              <dd>{details.order_id}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('success.reference')}</dt>
            <dd data-testid="success-reference">{details.transaction_token}</dd>
          </div>
        </dl>
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
