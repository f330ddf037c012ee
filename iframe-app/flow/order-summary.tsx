// The checkout as the server priced it (spec §3): who is paid (the provider, which sells the coins; a checkout
// started on a merchant's site names that site too), what the visitor pays (fee included), the fee, the rate,
// the coins they get and where they go. Only the server's figures, never recomputed. The invoice says the same.
import { useEffect, useState } from 'react';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';
import { useFlowT } from '../i18n/use-flow-t.ts';
import { coinPrice } from '#core/coin-price.ts';
import { loadCheckoutMerchant } from './flow-api.ts';
import { RemitSummary } from './remit-summary.tsx';

/** The provider's name: it sells the coins and is paid, on its own site or a merchant's. */
export function useSeller(): string {
  return useBootStore((state) => state.boot.whitelabel?.configuration.label_name) ?? '';
}

/** The public name of the merchant whose site the checkout was started on, or null. */
export function useMerchantName(merchantId: string | null): string | null {
  const [merchant, setMerchant] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setMerchant(null);
    if (merchantId) void loadCheckoutMerchant(merchantId).then((answer) => live && answer.ok && setMerchant(answer.data.name));
    return () => {
      live = false;
    };
  }, [merchantId]);
  return merchant;
}

export function OrderSummary({ checkout, title }: { checkout: CheckoutAnswer; title: string }) {
  // A remittance shows its recipient where a purchase shows who is paid and the address.
  if (checkout.flow === 'remit') return <RemitSummary checkout={checkout} title={title} />;
  return <PurchaseSummary checkout={checkout} title={title} />;
}

function PurchaseSummary({ checkout, title }: { checkout: CheckoutAnswer; title: string }) {
  const t = useFlowT();
  const seller = useSeller();
  const merchant = useMerchantName(checkout.merchant_id);
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
          <dd>{seller}</dd>
        </div>
        {merchant ? (
          <div>
            <dt>{t('quote.boughtOn')}</dt>
            <dd>{merchant}</dd>
          </div>
        ) : null}
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
