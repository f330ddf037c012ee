// The body's line of who is paid, for what and how much (core/rules/payment-summary.ts), on every
// payment screen whose merchant header (spec §2, from 50 up) is hidden.
import type { PaymentSummary } from '#core/rules/payment-summary.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';

export function PaymentSummaryView({ summary }: { summary: PaymentSummary }) {
  const t = useWidgetT();
  return (
    <dl className="payment-summary" aria-label={t('summary.label')}>
      <div className="payment-summary__who">
        {summary.logoUrl ? <img className="payment-summary__logo" src={summary.logoUrl} alt="" width={summary.logoSizePx} height={summary.logoSizePx} /> : null}
        <div>
          <dt>{t('summary.payTo')}</dt>
          <dd className="payment-summary__merchant">{summary.merchantName}</dd>
        </div>
      </div>
      <div>
        <dt>{t('summary.product')}</dt>
        <dd>{summary.product}</dd>
      </div>
      {summary.amountText ? (
        <div>
          <dt>{t('summary.total')}</dt>
          <dd className="payment-summary__total">{summary.amountText}</dd>
        </div>
      ) : null}
    </dl>
  );
}
