// The form that makes a payment link: amount, currency, product, order id, optionally one coin and an
// expiry. Checked with the contract's schema before sending; one Idempotency-Key per filled-in form, so a
// double click or a retry after a lost answer makes one link.
import { useId, useRef } from 'react';
import { CRYPTO_DISPLAY_NAMES, FIAT } from '#core/assets.ts';
import { createPaymentLink, CreatePaymentLinkSchema, type PaymentLink } from '#core/contract/payment-links.ts';
import { useCoinsOn } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert, FormField } from '../../identity/form-field.tsx';
import { useForm, type Values } from '../../identity/use-form.ts';
import { useLinksT } from '../../i18n/use-links-t.ts';

const EXPIRY_DAYS = { none: 0, day: 1, week: 7, month: 30 } as const;
type Expiry = keyof typeof EXPIRY_DAYS;

function newKey(): string {
  return `link-${crypto.randomUUID()}`;
}

function inputOf(values: Values) {
  const days = EXPIRY_DAYS[(values.expiry ?? 'none') as Expiry] ?? 0;
  return {
    amount: values.amount,
    currency: values.currency,
    product: values.product,
    ...(values.order_id?.trim() ? { order_id: values.order_id.trim() } : {}),
    ...(values.coin ? { coin: values.coin } : {}),
    ...(days > 0 ? { expires_at: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
  };
}

export function LinkForm({ defaultProduct, onCreated }: { defaultProduct: string; onCreated: (link: PaymentLink) => void }) {
  const t = useLinksT();
  // A link can be fixed only to a coin whose chain is on: the server refuses another (coin_unavailable).
  const coinsOn = useCoinsOn();
  const id = useId();
  const key = useRef(newKey());
  const form = useForm({ amount: '', currency: 'EUR', product: defaultProduct, order_id: '', coin: '', expiry: 'none' });

  const send = async (input: unknown) => {
    const answer = await memberApi().call(createPaymentLink, { body: input as never }, { idempotencyKey: key.current });
    if (!answer.ok) return answer.error;
    key.current = newKey();
    form.set('amount', '');
    form.set('order_id', '');
    form.setAlert(null);
    onCreated(answer.data);
    return null;
  };

  const select = (name: string, label: string, options: readonly { value: string; text: string }[]) => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} className="form-field__input" value={form.values[name]} onChange={(event) => form.set(name, event.target.value)}>
        {options.map((option) => <option key={option.value} value={option.value}>{option.text}</option>)}
      </select>
    </div>
  );

  return (
    <form className="panel link-form" noValidate onSubmit={(event) => void form.submit(event, CreatePaymentLinkSchema, inputOf, send)} aria-busy={form.busy || undefined}>
      <h2 className="panel__title">{t('links.newTitle')}</h2>
      <FormAlert message={form.alert} />
      <div className="link-form__grid">
        <FormField label={t('links.amount')} binding={form.field('amount')} inputMode="decimal" autoComplete="off" placeholder="120.00" />
        {select('currency', t('links.currency'), FIAT.map((iso) => ({ value: iso, text: iso })))}
        <FormField label={t('links.product')} binding={form.field('product')} className="link-form__wide" />
        <FormField label={t('links.orderId')} binding={form.field('order_id')} autoComplete="off" />
        {select('coin', t('links.coin'), [{ value: '', text: t('links.coinAny') }, ...coinsOn.map((iso) => ({ value: iso, text: `${CRYPTO_DISPLAY_NAMES[iso]} (${iso})` }))])}
        {select('expiry', t('links.expiry'), [
          { value: 'none', text: t('links.expiryNone') },
          { value: 'day', text: t('links.expiryDay') },
          { value: 'week', text: t('links.expiryWeek') },
          { value: 'month', text: t('links.expiryMonth') },
        ])}
      </div>
      <button type="submit" className="button button--primary" disabled={form.busy}>{form.busy ? t('links.creating') : t('links.create')}</button>
    </form>
  );
}
