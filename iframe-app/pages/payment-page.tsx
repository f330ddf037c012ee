// /payment: what to send where, before the timer runs out (spec §2 header, §4 timer). The QR code is
// the server's (a data URL of the payment URI); in test mode a labelled test-network button pays. A
// payment that is still new but already underpaid shows what is still due instead (underpaid-body.tsx).
// Back here from "payment detected" (the network dropped the transaction), it says so above the timer.
import type { PricedTransactionAnswer } from '#core/contract/merchant-payments.ts';
import { useSearch } from 'wouter';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { PayToAddress } from '../widget/pay-to-address.tsx';
import { underpaymentOf } from '../widget/underpayment.ts';
import { cameBackDropped } from '../widget/payment-view.ts';
import { PaymentTimer } from '../widget/payment-timer.tsx';
import { usePayment } from '../widget/use-payment.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';
import { UnderpaidBody } from './underpaid-body.tsx';

export default function PaymentPage() {
  const state = usePayment('/payment');
  if (state.phase === 'loading') return <PaymentLoading confirmLeave />;
  if (state.phase === 'error') return <PaymentError retry={state.retry} confirmLeave />;
  const { merchant, details } = state;
  const underpaid = underpaymentOf(state.status);
  return (
    <WidgetFrame merchant={merchant} details={details} payWithCoin={details.currency_1_iso} confirmLeave>
      {underpaid ? <UnderpaidBody details={details} underpaid={underpaid} /> : <PaymentBody details={details} />}
    </WidgetFrame>
  );
}

function PaymentBody({ details }: { details: PricedTransactionAnswer }) {
  const t = useWidgetT();
  const coin = details.currency_1_iso;
  const dropped = cameBackDropped(useSearch());
  useDocumentTitle(t('payment.title', { coin }));
  return (
    <section className="widget-page widget-payment" aria-labelledby="payment-title">
      <h1 id="payment-title" className="widget-page__title">
        {t('payment.title', { coin })}
      </h1>
      {dropped ? (
        <p className="widget-dropped" role="alert">
          {t('payment.dropped')}
        </p>
      ) : null}
      <PaymentTimer expiresAt={details.expires_at} />
      <p className="widget-payment__hint">{t('payment.sendExactly')}</p>
      <PayToAddress details={details} amount={details.currency_1_amount} amountLabel={t('payment.amount')} copyAmountLabel={t('payment.copyAmount')} payTestLabel={t('payment.payTest')} />
    </section>
  );
}
