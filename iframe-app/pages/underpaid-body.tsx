// An underpaid payment (exception paid_partial, still open): how much arrived, how much is still due,
// and the same address, QR code and copy buttons to send the rest before the time runs out (a top-up
// after expiry would be late and never settle). The QR code is the server's for the rest (top_up), so a
// wallet that scans it asks for what is still due. Shown by /payment-detected, and by /payment if the
// payment is still new.
import type { PricedTransactionAnswer } from '#core/contract/merchant-payments.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { PayToAddress } from '../widget/pay-to-address.tsx';
import { topUpOf, type Underpayment } from '../widget/underpayment.ts';
import { PaymentTimer } from '../widget/payment-timer.tsx';

export function UnderpaidBody({ details, underpaid }: { details: PricedTransactionAnswer; underpaid: Underpayment }) {
  const t = useWidgetT();
  useDocumentTitle(t('underpaid.title'));
  const { coin, due, paid, remaining } = underpaid;
  const topUp = topUpOf(details, underpaid);
  const qr = topUp ? { src: topUp.qr, alt: t('underpaid.qrAlt', { remaining, coin, address: details.currency_1_address }) } : null;
  return (
    <section className="widget-page widget-payment" aria-labelledby="underpaid-title">
      <h1 id="underpaid-title" className="widget-page__title">
        {t('underpaid.title')}
      </h1>
      <p role="status" className="widget-underpaid">
        {t('underpaid.text', { paid, due, coin })}
      </p>
      <PaymentTimer expiresAt={details.expires_at} />
      <PayToAddress
        details={details}
        amount={remaining}
        amountLabel={t('underpaid.remaining')}
        copyAmountLabel={t('underpaid.copyRemaining')}
        qr={qr}
        walletUri={topUp?.payment_uri ?? null}
        payTestLabel={t('underpaid.payTest')}
      />
    </section>
  );
}
