// /sys-admin/fees: the fee on merchant payments in basis points: the provider default and each merchant's
// own figure. finance reads it; only admin changes it (the server refuses others; the page says so
// instead of offering inputs that would fail). A payment keeps the fee of its creation.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { getAdminFees, setAdminMerchantFee, setAdminProviderFee, type FeeSchedule } from '#core/contract/admin-merchants.ts';
import { bpsAsPercent, FeeBpsSchema } from '#core/payments/merchant-fee.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { adminApi } from '../admin-api.ts';
import { errorText } from '../../identity/error-text.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; schedule: FeeSchedule };

export function FeesScreen({ canEdit }: { canEdit: boolean }) {
  const t = useAdminMerchantsT();
  useDocumentTitle(t('fees.title'));
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [saved, setSaved] = useState<string | null>(null);
  const load = useCallback(async () => {
    const answer = await adminApi().call(getAdminFees, {});
    setState(answer.ok ? { phase: 'ready', schedule: answer.data } : { phase: 'failed' });
  }, []);
  useEffect(() => void load(), [load]);
  const updated = (schedule: FeeSchedule) => {
    setState({ phase: 'ready', schedule });
    setSaved(t('fees.saved'));
  };
  return (
    <div className="admin-page admin-fees">
      <h1 className="admin-title">{t('fees.title')}</h1>
      <p className="admin-lead">{t('fees.lead')}</p>
      {!canEdit ? <p className="panel__note" role="note">{t('fees.readOnly')}</p> : null}
      <FormAlert tone="success" message={saved} />
      {state.phase === 'loading' ? <p role="status">{t('fees.loading')}</p> : null}
      {state.phase === 'failed' ? (
        <p className="empty-state empty-state--error" role="alert">
          {t('fees.loadError')} <button type="button" className="button button--link" onClick={() => void load()}>{t('merchants.retry')}</button>
        </p>
      ) : null}
      {state.phase === 'ready' ? (
        <>
          <section className="panel" aria-labelledby="fees-default-title">
            <h2 id="fees-default-title" className="panel__title">{t('fees.default')}</h2>
            <p className="panel__note">{t('fees.defaultHint')}</p>
            <FeeInput
              label={t('fees.default')}
              value={state.schedule.provider_fee_bps}
              canEdit={canEdit}
              allowDefault={false}
              testId="fee-default"
              onSave={async (bps) => {
                const answer = await adminApi().call(setAdminProviderFee, { body: { fee_bps: bps ?? 0 } });
                if (!answer.ok) return answer.error;
                updated(answer.data);
                return null;
              }}
            />
          </section>
          <section className="panel" aria-labelledby="fees-merchants-title">
            <h2 id="fees-merchants-title" className="panel__title">{t('fees.merchantsTitle')}</h2>
            <p className="panel__note">{t('fees.ownHint')}</p>
            {state.schedule.merchants.length === 0 ? <p className="empty-state">{t('fees.empty')}</p> : null}
            {state.schedule.merchants.map((merchant) => (
              <div key={merchant.merchant_id} className="admin-fees__merchant">
                <p className="admin-fees__name">
                  <strong>{merchant.name}</strong> <code>{merchant.merchant_id}</code> · {t('fees.col.effective')} {bpsAsPercent(merchant.effective_fee_bps)} %
                </p>
                <FeeInput
                  label={t('fees.merchantFee', { name: merchant.name })}
                  value={merchant.fee_bps}
                  canEdit={canEdit}
                  allowDefault
                  testId={`fee-${merchant.merchant_id}`}
                  onSave={async (bps) => {
                    const answer = await adminApi().call(setAdminMerchantFee, { params: { merchant_id: merchant.merchant_id }, body: { fee_bps: bps } });
                    if (!answer.ok) return answer.error;
                    updated(answer.data);
                    return null;
                  }}
                />
              </div>
            ))}
          </section>
        </>
      ) : null}
    </div>
  );
}

/** One fee in basis points with its percentage; empty (where allowed) means the provider default. */
function FeeInput({ label, value, canEdit, allowDefault, testId, onSave }: { label: string; value: number | null; canEdit: boolean; allowDefault: boolean; testId: string; onSave: (bps: number | null) => Promise<ApiError | null> }) {
  const t = useAdminMerchantsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const parsed = text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const save = async (event: FormEvent, bps: number | null) => {
    event.preventDefault();
    if (bps !== null || !allowDefault) {
      const checked = v.safeParse(FeeBpsSchema, bps);
      if (!checked.success) {
        setError(checked.issues[0]?.message ?? null);
        return;
      }
    }
    setBusy(true);
    const failure = await onSave(bps);
    setBusy(false);
    setError(failure ? (failure.fields?.fee_bps?.[0] ?? errorText(failure, locale)) : null);
  };
  return (
    <form className={`form-field admin-fees__row${error ? ' form-field--invalid' : ''}`} noValidate onSubmit={(event) => void save(event, parsed)} data-testid={testId}>
      <label className="form-field__label" htmlFor={`${id}-bps`}>{label} · {t('fees.bps')}</label>
      <div className="admin-fees__controls">
        <input id={`${id}-bps`} className="form-field__input admin-fees__input" inputMode="numeric" value={text} disabled={!canEdit} placeholder={allowDefault ? '—' : undefined} onChange={(event) => setText(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : `${id}-percent`} />
        {canEdit ? (
          <>
            <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('fees.saving') : t('fees.save')}</button>
            {allowDefault && value !== null ? <button type="button" className="button button--secondary" disabled={busy} onClick={(event) => void save(event, null)}>{t('fees.useDefault')}</button> : null}
          </>
        ) : null}
      </div>
      <span id={`${id}-percent`} className="panel__note">{parsed !== null && Number.isInteger(parsed) ? t('fees.percent', { percent: bpsAsPercent(parsed) }) : ''}</span>
      {error ? <p id={`${id}-error`} className="form-field__error">{error}</p> : null}
    </form>
  );
}
