// sys-flow /payment: the order (who is paid, what, how much: the server's checkout) and the payment
// methods. The card form (holder, number, expiry, CVC; the test acquirer's cards listed in test mode)
// calls paynet/deposit with one Idempotency-Key per attempt: the card is held (authorized) and the guard
// moves on to /compliance; 3-D Secure goes to /processing; a declined card is said in words and the
// checkout ends (nothing held); an expired price shows the new figures. A bank method is confirmed with
// POST /checkout and the guard (core's flowRedirect) takes the guest to its next step. Inside the buy
// widget's frame online banking is not offered (flow/frame-methods.ts says why).
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import type { CheckoutPaymentMethod } from '#core/rules/checkout-status.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { createAttemptKey } from '../flow/attempt-key.ts';
import { CheckoutEnded, hasEnded } from '../flow/checkout-ended.tsx';
import { confirmPaymentMethod, payByCard } from '../flow/flow-api.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { methodsIn } from '../flow/frame-methods.ts';
import { currentFlowModule, flowTarget, useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

export default function FlowPaymentPage() {
  const t = useFlowT();
  useDocumentTitle(t('pay.title'));
  const state = useFlowCheckout('/payment');
  return <FlowLayout>{state.phase === 'ready' ? <Payment initial={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

/** The test acquirer's cards (server/acquirer/test-cards.ts), shown only in test mode. */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '5555 5555 5555 4444', outcome: 'succeedsMastercard' },
  { number: '4000 0027 6000 3184', outcome: 'threeDSecure' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'declinedFunds' },
] as const;

type CardField = 'holder' | 'number' | 'expiry' | 'cvc';
type CardValues = Record<CardField, string>;

/** The server's field errors (card.number, card.exp_month…) under the form's fields. */
function cardErrors(fields: Record<string, string[]> | undefined): Partial<Record<CardField, string>> {
  const map: Record<string, CardField> = { 'card.holder': 'holder', 'card.number': 'number', 'card.exp_month': 'expiry', 'card.exp_year': 'expiry', 'card.cvc': 'cvc' };
  const errors: Partial<Record<CardField, string>> = {};
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const name = map[path];
    if (name && messages[0] && !errors[name]) errors[name] = messages[0];
  }
  return errors;
}

/** "12/28", "1228", "12 / 2028" -> month and year as typed; the server checks them. */
function splitExpiry(expiry: string): { exp_month: string; exp_year: string } {
  const digits = expiry.replace(/\D/g, '');
  const [month = '', year = ''] = expiry.includes('/') ? expiry.split('/').map((part) => part.replace(/\D/g, '')) : [digits.slice(0, 2), digits.slice(2)];
  return { exp_month: month, exp_year: year };
}

function Payment({ initial }: { initial: CheckoutAnswer }) {
  const t = useFlowT();
  const [, navigate] = useLocation();
  const test = useBootStore((state) => state.boot.mode === 'test');
  const [checkout, setCheckout] = useState(initial);
  const offered = methodsIn(currentFlowModule());
  const [method, setMethod] = useState<CheckoutPaymentMethod>(offered.methods.includes(initial.payment_method) ? initial.payment_method : 'Credit Card');
  const [values, setValues] = useState<CardValues>({ holder: `${initial.user.firstName} ${initial.user.lastName}`.trim(), number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef(createAttemptKey());
  const amount = `${checkout.fiatCurrency.amount} ${checkout.fiatCurrency.currency}`;

  const goOn = (next: CheckoutAnswer) => {
    const target = flowTarget(next, '/payment');
    if (target !== null) navigate(target, { replace: true });
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAlert(null);
    const v = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as CardValues;
    const answer = await payByCard({ step: 'card', card: { holder: v.holder, number: v.number, cvc: v.cvc, ...splitExpiry(v.expiry) } }, attempt.current.current());
    attempt.current.settle(answer.ok ? 200 : answer.status, answer.ok ? null : answer.error.code);
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      const { outcome, checkout: next } = answer.data;
      setCheckout(next);
      if (outcome === 'three_d_secure') return navigate('/processing');
      if (outcome === 'repriced') return setAlert(t('pay.repriced'));
      return goOn(next);
    }
    if (answer.error.code === 'card_declined') {
      setDeclined(answer.error.message);
      setCheckout({ ...checkout, status: 'failed' });
      return;
    }
    const found = cardErrors(answer.error.fields);
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? t('pay.fix') : answer.error.message);
  };

  const chooseBank = async () => {
    setBusy(true);
    setAlert(null);
    const answer = await confirmPaymentMethod(method);
    setBusy(false);
    if (!answer.ok) return setAlert(answer.error.message);
    setCheckout(answer.data.checkout);
    goOn(answer.data.checkout);
  };

  const field = (name: CardField, extra: { autoComplete: string; inputMode?: 'numeric' }) => (
    <FlowField
      label={t(`pay.${name}`)}
      error={errors[name]}
      value={values[name]}
      onValue={(value) => setValues((current) => ({ ...current, [name]: value }))}
      required
      {...extra}
    />
  );

  if (hasEnded(checkout)) {
    return (
      <section className="flow-page" aria-labelledby="flow-payment-title">
        <h1 id="flow-payment-title" className="flow-page__title">
          {t('pay.title')}
        </h1>
        <div className="flow-details__layout">
          <OrderSummary checkout={checkout} title={t('pay.order')} />
          <CheckoutEnded checkout={checkout} message={declined} />
        </div>
      </section>
    );
  }

  // A card waiting for its bank's 3-D Secure answer: the challenge is on /processing.
  const waiting3ds = checkout.status === 'pending' && checkout.payment_method === 'Credit Card';

  return (
    <section className="flow-page flow-payment" aria-labelledby="flow-payment-title" aria-busy={busy || undefined}>
      <h1 id="flow-payment-title" className="flow-page__title">
        {t('pay.title')}
      </h1>
      <div className="flow-details__layout">
        <OrderSummary checkout={checkout} title={t('pay.order')} />
        <div className="flow-form">
          {alert ? (
            <p role="alert" className="flow-form__alert">
              {alert}
            </p>
          ) : null}
          {waiting3ds ? (
            <div className="flow-notice">
              <p>{t('pay.waiting3ds')}</p>
              <Link href="/processing" className="button button--primary">
                {t('pay.answer3ds')}
              </Link>
            </div>
          ) : (
            <>
              <fieldset className="flow-methods">
                <legend className="flow-form__legend">{t('pay.methods')}</legend>
                <div className="flow-methods__list">
                  {offered.methods.map((name) => (
                    <label key={name} className={`flow-method${method === name ? ' flow-method--chosen' : ''}`}>
                      <input type="radio" name="method" value={name} checked={method === name} onChange={() => setMethod(name)} />
                      <span>{t(`pay.method.${name}`)}</span>
                    </label>
                  ))}
                </div>
                {offered.withoutOnlineBanking ? <p className="flow-page__note flow-methods__note">{t('pay.noOnlineBanking')}</p> : null}
              </fieldset>
              {method === 'Credit Card' ? (
                <form className="flow-form" onSubmit={(event) => void pay(event)} noValidate>
                  {field('holder', { autoComplete: 'cc-name' })}
                  {field('number', { autoComplete: 'cc-number', inputMode: 'numeric' })}
                  <div className="flow-form__row">
                    {field('expiry', { autoComplete: 'cc-exp', inputMode: 'numeric' })}
                    {field('cvc', { autoComplete: 'cc-csc', inputMode: 'numeric' })}
                  </div>
                  <p className="flow-page__note">{t('pay.hold', { amount })}</p>
                  <button type="submit" className="button button--primary flow-form__submit" disabled={busy}>
                    {busy ? t('pay.paying') : t('pay.submit', { amount })}
                  </button>
                  {test ? (
                    <div className="flow-test">
                      <p className="flow-test__title">{t('pay.testCards')}</p>
                      <p className="flow-page__note">{t('pay.testCardsText')}</p>
                      <ul className="flow-test__list">
                        {TEST_CARDS.map((card) => (
                          <li key={card.number}>
                            <button
                              type="button"
                              className="flow-test__card"
                              onClick={() => setValues((current) => ({ ...current, number: card.number, expiry: current.expiry || '12/30', cvc: current.cvc || '123' }))}
                              aria-label={t('pay.useCard', { number: card.number })}
                            >
                              <span className="flow-test__number">{card.number}</span>
                              <span>{t(`pay.test.${card.outcome}`)}</span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </form>
              ) : (
                <div className="flow-form">
                  <p className="flow-page__note">{t('pay.bankNote')}</p>
                  <button type="button" className="button button--primary flow-form__submit" disabled={busy} onClick={() => void chooseBank()}>
                    {busy ? t('pay.choosing') : t('pay.choose', { method: t(`pay.method.${method}`) })}
                  </button>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
