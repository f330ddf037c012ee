// One merchant's limit on the merchant API: what each of its secret keys may send a second now, and for an
// admin a field to set the merchant's own figure (empty: the platform default). Other roles read it only:
// the server refuses them, so the page offers no input that would fail.
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { setAdminMerchantRateLimit, type MerchantDetail } from '#core/contract/admin-merchants.ts';
import { MAX_MERCHANT_RATE_PER_SECOND, MerchantRatePerSecondSchema } from '#core/merchant-rate-limit.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { errorText } from '../../identity/error-text.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';

/** The typed text as a limit: empty is null (the default), anything but whole digits is NaN (refused). */
function limitOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function RateLimitPanel({ merchant, canEdit, onChanged }: { merchant: MerchantDetail; canEdit: boolean; onChanged: (merchant: MerchantDetail) => void }) {
  const t = useAdminMerchantsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const own = merchant.api_rate_limit_per_second;
  const [text, setText] = useState(own === null ? '' : String(own));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(own === null ? '' : String(own)), [own]);
  const invalid = t('rateLimit.invalid', { max: MAX_MERCHANT_RATE_PER_SECOND });

  const save = async (event: FormEvent, limit: number | null) => {
    event.preventDefault();
    setSaved(null);
    if (limit !== null && !v.is(MerchantRatePerSecondSchema, limit)) {
      setError(invalid);
      return;
    }
    setBusy(true);
    const answer = await adminApi().call(setAdminMerchantRateLimit, { params: { merchant_id: merchant.merchant_id }, body: { api_rate_limit_per_second: limit } });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error.code === 'validation_failed' ? invalid : errorText(answer.error, locale));
      return;
    }
    setError(null);
    setSaved(t('rateLimit.saved'));
    onChanged(answer.data);
  };

  const effective = merchant.effective_api_rate_limit_per_second;
  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="merchant-rate-limit">
      <h2 id={`${id}-title`} className="panel__title">{t('rateLimit.title')}</h2>
      <p className="panel__note">{t('rateLimit.lead')}</p>
      <dl className="facts">
        <div>
          <dt>{t('rateLimit.now')}</dt>
          <dd data-testid="merchant-rate-limit-now">{own === null ? t('rateLimit.platformDefault', { count: effective }) : t('rateLimit.perSecond', { count: effective })}</dd>
        </div>
      </dl>
      {!canEdit ? <p className="panel__note" role="note">{t('rateLimit.readOnly')}</p> : (
        <form className={`form-field admin-fees__row${error ? ' form-field--invalid' : ''}`} noValidate onSubmit={(event) => void save(event, limitOf(text))}>
          <FormAlert tone="success" message={saved} />
          <label className="form-field__label" htmlFor={`${id}-limit`}>{t('rateLimit.label')}</label>
          <div className="admin-fees__controls">
            <input
              id={`${id}-limit`}
              className="form-field__input admin-fees__input"
              inputMode="numeric"
              value={text}
              placeholder={String(effective)}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
            />
            <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('rateLimit.saving') : t('rateLimit.save')}</button>
            {own !== null ? <button type="button" className="button button--secondary" disabled={busy} onClick={(event) => void save(event, null)}>{t('rateLimit.useDefault')}</button> : null}
          </div>
          <span id={`${id}-hint`} className="panel__note">{t('rateLimit.hint', { max: MAX_MERCHANT_RATE_PER_SECOND })}</span>
          {error ? <p id={`${id}-error`} className="form-field__error">{error}</p> : null}
        </form>
      )}
    </section>
  );
}
