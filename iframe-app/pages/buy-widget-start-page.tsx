// sys-buywidget /: the buy widget's start, inside the merchant's frame. Prefilled from the SDK's parameters
// (PayKit.buy or the data-coin script tag: coin, fiat, amount, address, merchant); when they hold all the
// price needs, the price is asked at once. "Get the price" calls checkout/create: the server prices the
// order (with who sells: the merchant, else the provider), checks the address, and answers the order and
// its flow token. Continue goes on to the flow's steps, inside this same frame (/details).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { useCoinsOn } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { createOrder } from '../buywidget/buy-api.ts';
import { BuyWidgetFrame } from '../buywidget/buy-widget-frame.tsx';
import { buyParamsFromSearch, canQuoteAtOnce, startValues, type BuyParams } from '../buywidget/buy-params.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { CoinChoice, FiatSelect } from '../flow/start-fields.tsx';
import { OrderSummary, useSeller } from '../flow/order-summary.tsx';
import { useBuyT } from '../i18n/use-buy-t.ts';
import { useMerchantBridge } from '../merchant-bridge.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';
import { announceError } from '../widget/announce-status.ts';

type Errors = { amount?: string; address?: string; form?: string };

export default function BuyWidgetStartPage() {
  // The frame's URL carries the SDK's parameters (the same as its `init`), so the first paint is prefilled.
  // Sent back here without them (a step found no order), the connected SDK's `init` still has them.
  const [fromUrl] = useState<BuyParams>(() => buyParamsFromSearch(globalThis.location.search));
  const bridge = useMerchantBridge();
  const fromBridge = !fromUrl.coin && bridge !== null;
  const params = fromBridge ? buyParamsFromSearch(`?${new URLSearchParams(bridge.params as Record<string, string>)}`) : fromUrl;
  return (
    <BuyWidgetFrame>
      <BuyStart key={fromBridge ? 'init' : 'url'} params={params} />
    </BuyWidgetFrame>
  );
}

function BuyStart({ params }: { params: BuyParams }) {
  const t = useFlowT();
  const b = useBuyT();
  useDocumentTitle(b('buy.title'));
  const [, navigate] = useLocation();
  const seller = useSeller();
  const coinsOn = useCoinsOn();
  const initial = useRef(startValues(params, coinsOn)).current;
  const [coin, setCoin] = useState<CryptoAsset>(initial.coin);
  const [fiat, setFiat] = useState<FiatAsset>(initial.fiat);
  const [amount, setAmount] = useState(initial.amount);
  const [address, setAddress] = useState(initial.address);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [quote, setQuote] = useState<CheckoutAnswer | null>(null);

  // Any change makes the shown price stale: the visitor asks for a new one (a new order).
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setQuote(null);
    };

  const price = async (values: { coin: CryptoAsset; fiat: FiatAsset; amount: string; address: string }) => {
    setBusy(true);
    setErrors({});
    const answer = await createOrder({
      coin: values.coin,
      fiat: values.fiat,
      amount: values.amount.trim(),
      ...(values.address.trim() ? { cryptoAddress: values.address.trim() } : {}),
      ...(params.merchantId ? { merchant_id: params.merchantId } : {}),
    });
    setBusy(false);
    if (answer.ok) return setQuote(answer.data.checkout);
    const { code, message, fields } = answer.error;
    if (code === 'merchant_not_recognized' && params.merchantId) announceError(params.merchantId, 'merchant_not_recognized', `The buy widget was opened with an unknown merchantId: ${params.merchantId}`);
    if (code === 'address_invalid' || fields?.cryptoAddress) setErrors({ address: fields?.cryptoAddress?.[0] ?? message });
    else if (code.startsWith('amount_') || fields?.amount) setErrors({ amount: fields?.amount?.[0] ?? message });
    else setErrors({ form: message });
  };

  // The merchant already chose everything the price needs: show it without a click (once).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !canQuoteAtOnce(params)) return;
    asked.current = true;
    void price(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void price({ coin, fiat, amount, address });
  };

  return (
    <section className="flow-page buy-start" aria-labelledby="buy-start-title" aria-busy={busy || undefined}>
      <div>
        <h1 id="buy-start-title" className="flow-page__title">
          {b('buy.title')}
        </h1>
        {seller ? <p className="buy-start__seller">{b('buy.soldBy', { seller })}</p> : null}
      </div>
      <p className="flow-page__text">{b('buy.text')}</p>
      {/* The price first, where the buyer looks: the form below stays to change the order (a new price). */}
      <div aria-live="polite">
        {quote ? (
          <div className="flow-start__quote">
            <OrderSummary checkout={quote} title={t('quote.title')} />
            <p className="flow-page__note">{b('buy.continueHint')}</p>
            <button type="button" className="button button--primary flow-form__submit" onClick={() => navigate('/details')}>
              {t('quote.continue')}
            </button>
          </div>
        ) : null}
      </div>
      <form className="flow-form" onSubmit={submit} noValidate>
        <CoinChoice legend={t('start.coins')} coin={coin} onCoin={edit(setCoin)} />
        <div className="flow-form__row">
          <FiatSelect id="buy-fiat" label={t('start.fiat')} fiat={fiat} onFiat={edit(setFiat)} />
          <FlowField label={t('start.amount')} inputMode="decimal" autoComplete="off" value={amount} onValue={edit(setAmount)} error={errors.amount} />
        </div>
        <FlowField label={t('start.address', { coin })} autoComplete="off" spellCheck={false} value={address} onValue={edit(setAddress)} hint={t('start.addressHint')} error={errors.address} />
        {errors.form ? (
          <p role="alert" className="flow-form__alert">
            {errors.form}
          </p>
        ) : null}
        {quote ? null : (
          <button type="submit" className="button button--primary flow-form__submit" disabled={busy}>
            {busy ? t('start.quoting') : t('start.quote')}
          </button>
        )}
      </form>
    </section>
  );
}
