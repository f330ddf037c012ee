// The invoice as the server answered it: number and date, who was paid, who is billed, the figures
// (the coins, the rate, their price, the fee and the total: the PDF's and the receipt's own), and the
// delivery as it stands. Nothing is recomputed here; the figures are shown as sent.
import { coinPrice } from '#core/coin-price.ts';
import type { InvoiceAnswer } from '#core/contract/invoice.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';
import { useInvoiceT } from '../i18n/use-invoice-t.ts';

function addressLines(billing: InvoiceAnswer['buyer']['billing']): string[] {
  const cityLine = [billing.zipCode, billing.city, billing.state].filter((part) => part).join(' ');
  return [billing.address1, billing.address2, cityLine, billing.country].filter((line) => line);
}

function Delivery({ invoice }: { invoice: InvoiceAnswer }) {
  const t = useInvoiceT();
  const { delivery } = invoice;
  const text =
    delivery.state === 'sending'
      ? t('invoice.sending')
      : delivery.state === 'sent'
        ? delivery.delivered_at
          ? t('invoice.sentAt', { time: delivery.delivered_at.replace('T', ' ').slice(0, 19) })
          : t('invoice.sent')
        : invoice.seller.support_email
          ? t('invoice.rejected', { email: invoice.seller.support_email })
          : t('invoice.rejectedNoEmail');
  return (
    <section className={`invoice-delivery invoice-delivery--${delivery.state}`} aria-labelledby="invoice-delivery-title">
      <h2 id="invoice-delivery-title" className="invoice__heading">
        {t('invoice.delivery')}
      </h2>
      <p role="status" aria-live="polite" className="invoice-delivery__state">
        {text}
      </p>
      <dl className="invoice__list">
        <div>
          <dt>{t('invoice.sentTo')}</dt>
          <dd className="invoice__mono">{invoice.coins.address}</dd>
        </div>
        {delivery.txid ? (
          <div>
            <dt>{t('invoice.txid')}</dt>
            <dd className="invoice__mono">{delivery.txid}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

export function InvoiceView({ invoice }: { invoice: InvoiceAnswer }) {
  const t = useInvoiceT();
  const fiat = invoice.paid.currency;
  const coin = invoice.coins.currency;
  return (
    <article className="invoice" aria-labelledby="invoice-number">
      <header className="invoice__head">
        <h2 id="invoice-number" className="invoice__number">
          {t('invoice.number', { number: invoice.invoice_number })}
        </h2>
        <dl className="invoice__meta">
          <div>
            <dt>{t('invoice.date')}</dt>
            <dd>{invoice.issued_at.slice(0, 10)}</dd>
          </div>
          <div>
            <dt>{t('invoice.order')}</dt>
            <dd className="invoice__mono">{invoice.checkout_id}</dd>
          </div>
        </dl>
      </header>
      <div className="invoice__parties">
        <section aria-labelledby="invoice-seller">
          <h3 id="invoice-seller" className="invoice__label">
            {t('invoice.paidTo')}
          </h3>
          <p className="invoice__party">
            <strong>{invoice.seller.name}</strong>
            <span>{invoice.seller.company}</span>
            {invoice.seller.address ? <span>{invoice.seller.address}</span> : null}
            {invoice.seller.support_email ? <span>{invoice.seller.support_email}</span> : null}
          </p>
          {invoice.merchant ? (
            <p className="invoice__note">
              {t('invoice.boughtOn')} {invoice.merchant.name}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="invoice-buyer">
          <h3 id="invoice-buyer" className="invoice__label">
            {t('invoice.billedTo')}
          </h3>
          <p className="invoice__party">
            <strong>{invoice.buyer.name}</strong>
            {addressLines(invoice.buyer.billing).map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>{invoice.buyer.email}</span>
          </p>
        </section>
      </div>
      <section aria-labelledby="invoice-figures">
        <h2 id="invoice-figures" className="invoice__heading">
          {t('invoice.figures')}
        </h2>
        <dl className="invoice__list invoice__figures">
          <div>
            <dt>{t('invoice.method')}</dt>
            <dd>{invoice.payment_method}</dd>
          </div>
          <div className="invoice__coins">
            <dt>{t('invoice.bought', { coin: invoice.coins.currency_displayName })}</dt>
            <dd>
              <CoinIcon asset={coin} size={20} />
              <span>
                {invoice.coins.amount} {coin}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('invoice.rate')}</dt>
            <dd>{t('invoice.rateValue', { fiat, price: coinPrice(invoice.rate, fiat), coin })}</dd>
          </div>
          <div>
            <dt>{t('invoice.net')}</dt>
            <dd>
              {invoice.paid.net} {fiat}
            </dd>
          </div>
          <div>
            <dt>{invoice.coupon_code ? t('invoice.feeCoupon', { code: invoice.coupon_code }) : t('invoice.fee')}</dt>
            <dd>
              {invoice.paid.fee} {fiat}
            </dd>
          </div>
          <div className="invoice__total">
            <dt>{t('invoice.total')}</dt>
            <dd>
              {invoice.paid.amount} {fiat}
            </dd>
          </div>
        </dl>
      </section>
      <Delivery invoice={invoice} />
    </article>
  );
}
