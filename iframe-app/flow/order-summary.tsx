// The checkout as the server priced it (spec §3): who is paid (the merchant, else the provider), what the visitor pays (fee included),
// the fee, the rate, the coins they get and where they go. Only the server's figures, never recomputed.
import { useEffect, useState } from 'react';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';
import { useFlowT } from '../i18n/use-flow-t.ts';
import { coinPrice } from './coin-price.ts';
import { loadCheckoutMerchant } from './flow-api.ts';
import { RemitSummary } from './remit-summary.tsx';

/** Who is paid: the merchant the checkout was started for (its public name), else the provider. */
export function usePayee(merchantId: string | null): string {
  const provider = useBootStore((state) => state.boot.whitelabel?.configuration.label_name) ?? '';
  const [merchant, setMerchant] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setMerchant(null);
    if (merchantId) void loadCheckoutMerchant(merchantId).then((answer) => live && answer.ok && setMerchant(answer.data.name));
    return () => {
      live = false;
    };
  }, [merchantId]);
  return merchant ?? provider;
}

export function OrderSummary({ checkout, title }: { checkout: CheckoutAnswer; title: string }) {
  // A remittance shows its recipient where a purchase shows who is paid and the address.
  if (checkout.flow === 'remit') return <RemitSummary checkout={checkout} title={title} />;
  return <PurchaseSummary checkout={checkout} title={title} />;
}

function PurchaseSummary({ checkout, title }: { checkout: CheckoutAnswer; title: string }) {
  const t = useFlowT();
  const payee = usePayee(checkout.merchant_id);
  const fiat = checkout.fiatCurrency;
  const coin = checkout.cryptoCurrency;
  return (
    <section className="flow-quote" aria-labelledby="flow-quote-title">
      <h2 id="flow-quote-title" className="flow-quote__title">
        {title}
      </h2>
      <dl className="flow-quote__list">
        <div>
          <dt>{t('quote.payTo')}</dt>
          <dd>{payee}</dd>
        </div>
        <div>
          <dt>{t('quote.youPay')}</dt>
          <dd>
            {fiat.amount} {fiat.currency}
          </dd>
        </div>
        <div>
          <dt>{t('quote.fee')}</dt>
          <dd>
            {fiat.fee} {fiat.currency}
          </dd>
        </div>
        <div>
          <dt>{t('quote.rate')}</dt>
          <dd>{t('quote.rateValue', { fiat: fiat.currency, price: coinPrice(checkout.rate, fiat.currency), coin: coin.currency })}</dd>
        </div>
        <div className="flow-quote__get">
          <dt>{t('quote.youGet')}</dt>
          <dd>
            <CoinIcon asset={coin.currency} size={24} />
            <span>
              {coin.amount} {coin.currency}
            </span>
          </dd>
        </div>
        {checkout.cryptoAddress ? (
          <div>
            <dt>{t('quote.sentTo')}</dt>
            <dd className="flow-quote__address">{checkout.cryptoAddress}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
