// The optional coupon code (POST /coupons/validate): a coupon only lowers the fee, so the form
// works the same without one. Applied, it rides along with the prices and the quote.
import { useId, useState } from 'react';
import { validateCoupon, type CouponAnswer } from '#core/contract/rates.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { percentText } from '../form-kit/percent-text.ts';
import { tradeErrorText } from '../form-kit/trade-error.ts';

export function CouponField({ coupon, onChange }: { coupon: CouponAnswer | null; onChange: (coupon: CouponAnswer | null) => void }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (coupon) {
    return (
      <p className="coupon-applied" role="status">
        {t('coupon.applied', { code: coupon.coupon_code, percent: percentText(coupon.fee_discount_percent, locale) })}{' '}
        <button type="button" className="button button--link" onClick={() => onChange(null)}>{t('coupon.remove')}</button>
      </p>
    );
  }

  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('coupon.required'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await memberApi().call(validateCoupon, { body: { coupon_code: trimmed } });
    setBusy(false);
    if (result.ok) onChange(result.data);
    else setError(tradeErrorText(result.error, locale));
  };

  return (
    <details className="coupon-field">
      <summary>{t('coupon.toggle')}</summary>
      <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={id}>{t('coupon.label')}</label>
        <div className="amount-field__control">
          <input
            id={id}
            className="form-field__input"
            value={code}
            autoComplete="off"
            maxLength={40}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void apply();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="button" className="button button--secondary" onClick={() => void apply()} disabled={busy} aria-busy={busy}>
            {t('coupon.apply')}
          </button>
        </div>
        {error ? <p id={`${id}-error`} className="form-field__error" role="alert">{error}</p> : null}
      </div>
    </details>
  );
}
