// Where to send how much: the amount and the address (and tag) with copy buttons, the server's QR code,
// and in test mode the labelled test-network button. The payment page shows it for the whole amount; an
// underpaid payment shows it again for what is still due, with the server's QR code of the rest
// (top_up, pages/underpaid-body.tsx).
import { useState } from 'react';
import type { PricedTransactionAnswer } from '#core/contract/merchant-payments.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { CopyField } from './copy-field.tsx';
import { payWithTestCoins } from './widget-api.ts';

export interface PayToAddressProps {
  details: PricedTransactionAnswer;
  /** What to send now, 8 decimals: the amount due, or the rest of it after an underpayment. */
  amount: string;
  amountLabel: string;
  copyAmountLabel: string;
  /**
   * The QR code to show instead of the whole amount's (the server's, for what `amount` says); null: none,
   * when the server has no QR for that amount.
   */
  qr?: { src: string; alt: string } | null;
  payTestLabel: string;
  /** The payment URI (BIP21 / EIP-681) of what `amount` says, for "Open in wallet" on phones; null: none. */
  walletUri?: string | null;
}

export function PayToAddress({ details, amount, amountLabel, copyAmountLabel, qr: qrOverride, payTestLabel, walletUri }: PayToAddressProps) {
  const t = useWidgetT();
  const coin = details.currency_1_iso;
  const qr = qrOverride === undefined ? { src: details.qr, alt: t('payment.qrAlt', { amount: details.currency_1_amount, coin, address: details.currency_1_address }) } : qrOverride;
  return (
    <>
      <CopyField label={amountLabel} value={`${amount} ${coin}`} copyLabel={copyAmountLabel} />
      <CopyField label={t('payment.address', { coin })} value={details.currency_1_address} copyLabel={t('payment.copyAddress')} />
      {details.currency_1_tag ? <CopyField label={t('payment.tag')} value={details.currency_1_tag} copyLabel={t('payment.copyTag')} /> : null}
      {qr ? <img className="widget-payment__qr" src={qr.src} width={200} height={200} alt={qr.alt} /> : null}
      {/* A phone cannot scan its own screen: the server's payment URI opens the buyer's wallet app instead (shown on small or touch screens only). */}
      {(walletUri === undefined ? details.payment_uri : walletUri) ? (
        <a className="button button--secondary widget-payment__open-wallet" href={(walletUri === undefined ? details.payment_uri : walletUri) as string}>
          {t('payment.openWallet')}
        </a>
      ) : null}
      {details.test_network ? <TestPay details={details} amount={amount} label={payTestLabel} /> : details.test_mode ? <p className="widget-payment__test">{t('payment.testChain')}</p> : null}
    </>
  );
}

function TestPay({ details, amount, label }: { details: PricedTransactionAnswer; amount: string; label: string }) {
  const t = useWidgetT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    const result = await payWithTestCoins(details, amount);
    setBusy(false);
    // On success the status poll moves the page along (to /payment-detected, or out of the underpaid view).
    if (!result.ok) setError(t('payment.testFailed', { message: result.error.message }));
  };
  return (
    <aside className="widget-payment__test" aria-label={t('payment.testNetwork')}>
      <p>
        <strong>{t('payment.testNetwork')}</strong> {t('payment.testNetworkHint')}
      </p>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void pay()}>
        {busy ? t('payment.payingTest') : label}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </aside>
  );
}
