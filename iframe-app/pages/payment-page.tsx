// /payment: what to send where, before the timer runs out (spec §2 header, §4 timer). The QR code is
// the server's (a data URL of the payment URI); in test mode a labelled test-network button pays.
import { useState } from 'react';
import type { PricedTransactionAnswer } from '#core/contract/merchant-api.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { CopyField } from '../widget/copy-field.tsx';
import { useCountdown } from '../widget/use-countdown.ts';
import { usePayment } from '../widget/use-payment.ts';
import { payWithTestCoins } from '../widget/widget-api.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';

export default function PaymentPage() {
  const state = usePayment('/payment');
  if (state.phase === 'loading') return <PaymentLoading />;
  if (state.phase === 'error') return <PaymentError retry={state.retry} />;
  const { merchant, details } = state;
  return (
    <WidgetFrame merchant={merchant} details={details} payWithCoin={details.currency_1_iso}>
      <PaymentBody details={details} />
    </WidgetFrame>
  );
}

function PaymentBody({ details }: { details: PricedTransactionAnswer }) {
  const t = useWidgetT();
  const coin = details.currency_1_iso;
  useDocumentTitle(t('payment.title', { coin }));
  const countdown = useCountdown(details.expires_at);
  return (
    <section className="widget-page widget-payment" aria-labelledby="payment-title">
      <h1 id="payment-title" className="widget-page__title">
        {t('payment.title', { coin })}
      </h1>
      <p className="widget-payment__timer">
        <span>{t('payment.timeLeft')}: </span>
        <span role="timer" aria-label={t('payment.timeLeftSr', { minutes: countdown.minutesLeft })}>
          {countdown.text}
        </span>
      </p>
      {countdown.expired ? <p role="status">{t('payment.expiredNow')}</p> : null}
      <p className="widget-payment__hint">{t('payment.sendExactly')}</p>
      <CopyField label={t('payment.amount')} value={`${details.currency_1_amount} ${coin}`} copyLabel={t('payment.copyAmount')} />
      <CopyField label={t('payment.address', { coin })} value={details.currency_1_address} copyLabel={t('payment.copyAddress')} />
      {details.currency_1_tag ? <CopyField label={t('payment.tag')} value={details.currency_1_tag} copyLabel={t('payment.copyTag')} /> : null}
      <img className="widget-payment__qr" src={details.qr} width={200} height={200} alt={t('payment.qrAlt', { amount: details.currency_1_amount, coin, address: details.currency_1_address })} />
      {details.test_mode ? <TestPay details={details} /> : null}
    </section>
  );
}

function TestPay({ details }: { details: PricedTransactionAnswer }) {
  const t = useWidgetT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    const result = await payWithTestCoins(details);
    setBusy(false);
    // On success the status poll moves the page to /payment-detected.
    if (!result.ok) setError(t('payment.testFailed', { message: result.error.message }));
  };
  return (
    <aside className="widget-payment__test" aria-label={t('payment.testNetwork')}>
      <p>
        <strong>{t('payment.testNetwork')}</strong> {t('payment.testNetworkHint')}
      </p>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void pay()}>
        {busy ? t('payment.payingTest') : t('payment.payTest')}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </aside>
  );
}
