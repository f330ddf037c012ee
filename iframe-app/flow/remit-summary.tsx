// A remittance as the server priced it, where the buy flow shows its order: who receives it (instead of
// who is paid), what the sender pays, the fee, the rate (or "no conversion" for fiat to an IBAN), what the
// recipient gets and where (the address, or the IBAN masked and its holder), and how they are told. Only the
// server's figures. Without the recipient in hand it reads it (GET checkout/recipient).
import { useEffect, useState } from 'react';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import type { RecipientAnswer } from '#core/contract/remittance.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';
import { useRemitT } from '../i18n/use-remit-t.ts';
import { coinPrice } from '#core/coin-price.ts';
import { loadRemittance } from './remit-api.ts';

function useRecipient(given: RecipientAnswer | null | undefined): RecipientAnswer | null {
  const [loaded, setLoaded] = useState<RecipientAnswer | null>(null);
  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    void loadRemittance().then((answer) => live && answer.ok && setLoaded(answer.data.recipient));
    return () => {
      live = false;
    };
  }, [given]);
  return given === undefined ? loaded : given;
}

export function RemitSummary({ checkout, recipient: given, title }: { checkout: CheckoutAnswer; recipient?: RecipientAnswer | null; title: string }) {
  const t = useRemitT();
  const recipient = useRecipient(given);
  const fiat = checkout.fiatCurrency;
  const got = checkout.cryptoCurrency;
  const toFiat = recipient?.receives === 'fiat';
  return (
    <section className="flow-quote remit-summary" aria-labelledby="remit-summary-title">
      <h2 id="remit-summary-title" className="flow-quote__title">
        {title}
      </h2>
      <dl className="flow-quote__list">
        {recipient ? (
          <div>
            <dt>{t('summary.recipient')}</dt>
            <dd>{recipient.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('summary.youPay')}</dt>
          <dd>
            {fiat.amount} {fiat.currency}
          </dd>
        </div>
        <div>
          <dt>{t('summary.fee')}</dt>
          <dd>
            {fiat.fee} {fiat.currency}
          </dd>
        </div>
        <div>
          <dt>{t('summary.rate')}</dt>
          <dd>{toFiat ? t('summary.noConversion') : t('summary.rateValue', { fiat: fiat.currency, price: coinPrice(checkout.rate, fiat.currency), coin: got.currency })}</dd>
        </div>
        <div className="flow-quote__get">
          <dt>{t('summary.theyGet')}</dt>
          <dd>
            {toFiat ? null : <CoinIcon asset={got.currency} size={24} />}
            <span>
              {got.amount} {got.currency}
            </span>
          </dd>
        </div>
        {recipient ? (
          <div>
            <dt>{t('summary.sentTo')}</dt>
            <dd className="flow-quote__address">{toFiat ? t('summary.account', { iban: recipient.iban ?? '', holder: recipient.account_holder ?? '' }) : recipient.address}</dd>
          </div>
        ) : null}
        {recipient ? (
          <div>
            <dt>{t('summary.told')}</dt>
            <dd className="remit-summary__contact">{recipient.notify_by === 'email' ? t('summary.toldEmail', { to: recipient.notify_to }) : t('summary.toldSms', { to: recipient.notify_to })}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
