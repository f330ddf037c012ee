// sys-flow / and /buy/widget (and /test, the spec §9 test route: 30 within 30 to 50): the visitor
// picks the coin, the fiat, the amount and the address; "Get the price" calls checkout/init, which
// prices the order on the server, checks the address for the coin and sets the flow cookie. The
// server's quote is shown with who is paid; Continue goes to /details.
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { preferredCoin } from '#core/chain/coin-availability.ts';
import { useCoinsOn } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { startFlowCheckout } from '../flow/flow-api.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { CoinChoice, FiatSelect } from '../flow/start-fields.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { useFlowT } from '../i18n/use-flow-t.ts';

/** Spec §3 and §9: the start's amount (the server decides the limits and refuses outside them). */
const DEFAULT_AMOUNT = '300.00';
const TEST_AMOUNT = '30.00';

export default function FlowStartPage() {
  const t = useFlowT();
  useDocumentTitle(t('start.title'));
  const [location, navigate] = useLocation();
  const test = location === '/test';
  // A merchant's link to its buy page names the merchant; the server refuses one it does not know.
  const search = new URLSearchParams(useSearch());
  const merchantId = search.get('merchant_id') || undefined;
  const coinsOn = useCoinsOn();
  // A link from a coin's page (the markets site) names the coin with ?coin=; one that is not on is ignored.
  const asked = search.get('coin');
  const [coin, setCoin] = useState<CryptoAsset>(() => coinsOn.find((on) => on === asked) ?? preferredCoin(coinsOn) ?? 'BTC');
  const [fiat, setFiat] = useState<FiatAsset>('EUR');
  const [amount, setAmount] = useState(test ? TEST_AMOUNT : DEFAULT_AMOUNT);
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; address?: string; form?: string }>({});
  const [quote, setQuote] = useState<CheckoutAnswer | null>(null);

  // Any change makes the shown price stale: the visitor asks for a new one.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setQuote(null);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const answer = await startFlowCheckout({ coin, fiat, amount: amount.trim(), cryptoAddress: address.trim(), ...(merchantId ? { merchant_id: merchantId } : {}), ...(test ? { test: true } : {}) });
    setBusy(false);
    if (answer.ok) return setQuote(answer.data.checkout);
    const { code, message, fields } = answer.error;
    if (code === 'address_invalid' || fields?.cryptoAddress) setErrors({ address: fields?.cryptoAddress?.[0] ?? message });
    else if (code.startsWith('amount_') || fields?.amount) setErrors({ amount: fields?.amount?.[0] ?? message });
    else setErrors({ form: message });
  };

  return (
    <FlowLayout>
      <section className="flow-page flow-start" aria-labelledby="flow-start-title" aria-busy={busy || undefined}>
        <h1 id="flow-start-title" className="flow-page__title">
          {t('start.title')}
        </h1>
        <p className="flow-page__text">{t('start.text')}</p>
        {test ? <p className="flow-page__note">{t('start.testMode')}</p> : null}
        <form className="flow-form" onSubmit={(event) => void submit(event)} noValidate>
          <CoinChoice legend={t('start.coins')} coin={coin} onCoin={edit(setCoin)} />
          <div className="flow-form__row">
            <FiatSelect id="flow-fiat" label={t('start.fiat')} fiat={fiat} onFiat={edit(setFiat)} />
            <FlowField
              label={t('start.amount')}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onValue={edit(setAmount)}
              hint={test ? t('start.amountHint', { min: '30', max: '50', fiat }) : t('start.amountHintDefault')}
              error={errors.amount}
            />
          </div>
          <FlowField
            label={t('start.address', { coin })}
            autoComplete="off"
            spellCheck={false}
            value={address}
            onValue={edit(setAddress)}
            hint={t('start.addressHint')}
            error={errors.address}
          />
          {errors.form ? <p role="alert" className="flow-form__alert">{errors.form}</p> : null}
          <button type="submit" className="button button--primary flow-form__submit" disabled={busy}>
            {busy ? t('start.quoting') : t('start.quote')}
          </button>
        </form>
        <div aria-live="polite">
          {quote ? (
            <div className="flow-start__quote">
              <OrderSummary checkout={quote} title={t('quote.title')} />
              <button type="button" className="button button--primary flow-form__submit" onClick={() => navigate('/details')}>
                {t('quote.continue')}
              </button>
            </div>
          ) : null}
        </div>
      </section>
    </FlowLayout>
  );
}
