// The widget's merchant header (spec §2): merchant name and logo, order id, amount, "Payment for"
// the product, and on the payment page "Pay with {coin}". Whether it shows at all (amount 50 or
// more with a currency), the defaults ("Brand Name", "Merchandise"), the logo size and the amount
// formatting are rules of core/rules/widget-header.ts; this component renders their result.
import type { WidgetHeader } from '#core/rules/widget-header.ts';
import { useT } from '../i18n/use-t.ts';

export interface MerchantHeaderProps {
  header: WidgetHeader;
  /** Set on the payment page only. */
  payWithCoin?: string;
}

export function MerchantHeader({ header, payWithCoin }: MerchantHeaderProps) {
  const t = useT();
  const { merchantName, logoUrl, logoSizePx, orderId, amountText, product } = header;
  return (
    <header className="merchant-header">
      <div className="merchant-header__brand">
        {logoUrl ? (
          <img className="merchant-header__logo" src={logoUrl} alt="" width={logoSizePx} height={logoSizePx} />
        ) : null}
        <div>
          <p className="merchant-header__name">
            <span className="visually-hidden">{t('widget.merchant')}: </span>
            {merchantName}
          </p>
          {orderId ? <p className="merchant-header__order">{t('widget.order', { id: orderId })}</p> : null}
        </div>
      </div>
      <div className="merchant-header__amount">
        <p className="merchant-header__total">{amountText}</p>
        <p className="merchant-header__product">{t('widget.paymentFor', { product })}</p>
        {payWithCoin ? <p className="merchant-header__coin">{t('widget.payWith', { coin: payWithCoin })}</p> : null}
      </div>
    </header>
  );
}
