// The coupon field under the order summary: the code goes to the server (POST coupons/validate/{id}),
// which reprices the checkout's quote with a lower fee; the new checkout replaces the summary's figures
// and the line below says what the coupon changed. Expired, used-up and unknown codes say so.
import { useState, type FormEvent } from 'react';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { useInvoiceT } from '../i18n/use-invoice-t.ts';
import { applyCoupon } from '../invoice/invoice-api.ts';
import { FlowField } from './flow-field.tsx';

export function CouponField({ checkout, onApplied }: { checkout: CheckoutAnswer; onApplied: (checkout: CheckoutAnswer) => void }) {
  const t = useInvoiceT();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [applied, setApplied] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(undefined);
    const answer = await applyCoupon(checkout._id, code.trim());
    setBusy(false);
    if (!answer.ok) {
      setApplied(null);
      setError(answer.error.fields?.code?.[0] ?? answer.error.message);
      return;
    }
    const priced = answer.data.checkout;
    onApplied(priced);
    setApplied(
      t('coupon.applied', {
        code: answer.data.coupon_code,
        percent: answer.data.fee_discount_percent,
        before: answer.data.fee_before,
        after: priced.fiatCurrency.fee,
        fiat: priced.fiatCurrency.currency,
        coins: priced.cryptoCurrency.amount,
        coin: priced.cryptoCurrency.currency,
      }),
    );
  };

  return (
    <form className="flow-coupon" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
      <div className="flow-coupon__row">
        <FlowField label={t('coupon.label')} error={error} value={code} onValue={setCode} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        <button type="submit" className="button button--secondary" disabled={busy || !code.trim()}>
          {busy ? t('coupon.applying') : t('coupon.apply')}
        </button>
      </div>
      <p role="status" className="flow-form__status">
        {applied ?? ''}
      </p>
    </form>
  );
}
