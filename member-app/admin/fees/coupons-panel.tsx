// The fees area's coupons: the provider's codes with the percent of the buy fee each waives, its window,
// its uses and state; admin creates, edits and deletes them (audited on the server), finance reads.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { createAdminCoupon, deleteAdminCoupon, listAdminCoupons, updateAdminCoupon, type AdminCoupon, type CouponInput } from '#core/contract/admin-coupons.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { errorText } from '../../identity/error-text.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useAdminCouponsT } from '../../i18n/use-admin-coupons-t.ts';

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; coupons: AdminCoupon[] };
type Draft = { code: string; percent: string; validFrom: string; expiresAt: string; maxUses: string };
const EMPTY: Draft = { code: '', percent: '', validFrom: '', expiresAt: '', maxUses: '' };

/** An ISO time as the datetime-local input wants it (the operator's local time, to the minute). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function draftOf(coupon: AdminCoupon): Draft {
  return { code: coupon.code, percent: coupon.fee_discount_percent, validFrom: localInput(coupon.valid_from), expiresAt: localInput(coupon.expires_at), maxUses: coupon.max_uses === null ? '' : String(coupon.max_uses) };
}

function inputOf(draft: Draft): CouponInput {
  const time = (value: string) => (value ? new Date(value).toISOString() : null);
  const uses = draft.maxUses.trim();
  return { code: draft.code.trim(), fee_discount_percent: draft.percent.trim(), valid_from: time(draft.validFrom), expires_at: time(draft.expiresAt), max_uses: uses === '' ? null : Number(uses) };
}

export function CouponsPanel({ canEdit }: { canEdit: boolean }) {
  const t = useAdminCouponsT();
  const locale = useBootStore((state) => state.locale);
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = useCallback(async () => {
    const answer = await adminApi().call(listAdminCoupons, {});
    setState(answer.ok ? { phase: 'ready', coupons: answer.data.coupons } : { phase: 'failed' });
  }, []);
  useEffect(() => void load(), [load]);
  const day = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const windowText = (coupon: AdminCoupon) => {
    const parts = [coupon.valid_from ? t('coupons.from', { date: day(coupon.valid_from) }) : null, coupon.expires_at ? t('coupons.until', { date: day(coupon.expires_at) }) : null].filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : t('coupons.always');
  };
  const remove = async (coupon: AdminCoupon) => {
    const answer = await adminApi().call(deleteAdminCoupon, { params: { id: coupon.id } });
    setDeleting(null);
    if (!answer.ok) return setMessage(errorText(answer.error, locale));
    setState({ phase: 'ready', coupons: answer.data.coupons });
    setMessage(t('coupons.deleted', { code: coupon.code }));
  };

  return (
    <section className="panel admin-coupons" aria-labelledby="coupons-title">
      <h2 id="coupons-title" className="panel__title">{t('coupons.title')}</h2>
      <p className="panel__note">{t('coupons.lead')}</p>
      {!canEdit ? <p className="panel__note" role="note">{t('coupons.readOnly')}</p> : null}
      <FormAlert tone="success" message={message} />
      {state.phase === 'loading' ? <p role="status">{t('coupons.loading')}</p> : null}
      {state.phase === 'failed' ? (
        <p className="empty-state empty-state--error" role="alert">
          {t('coupons.loadError')} <button type="button" className="button button--link" onClick={() => void load()}>{t('coupons.retry')}</button>
        </p>
      ) : null}
      {state.phase === 'ready' && state.coupons.length === 0 ? <p className="empty-state">{t('coupons.empty')}</p> : null}
      {state.phase === 'ready' && state.coupons.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('coupons.col.code')}</th>
                <th scope="col">{t('coupons.col.percent')}</th>
                <th scope="col">{t('coupons.col.window')}</th>
                <th scope="col">{t('coupons.col.uses')}</th>
                <th scope="col">{t('coupons.col.state')}</th>
                {canEdit ? <th scope="col">{t('coupons.col.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {state.coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <td data-label={t('coupons.col.code')}><code>{coupon.code}</code></td>
                  <td data-label={t('coupons.col.percent')}>{coupon.fee_discount_percent} %</td>
                  <td data-label={t('coupons.col.window')}>{windowText(coupon)}</td>
                  <td data-label={t('coupons.col.uses')}>{coupon.uses} / {coupon.max_uses ?? t('coupons.unlimited')}</td>
                  <td data-label={t('coupons.col.state')}><span className={`admin-coupons__state admin-coupons__state--${coupon.state}`}>{t(`coupons.state.${coupon.state}`)}</span></td>
                  {canEdit ? (
                    <td data-label={t('coupons.col.actions')}>
                      {deleting?.id === coupon.id ? (
                        <span className="admin-coupons__confirm" role="group" aria-label={t('coupons.confirmDelete', { code: coupon.code })}>
                          <span>{t('coupons.confirmDelete', { code: coupon.code })}</span>
                          <button type="button" className="button button--danger" onClick={() => void remove(coupon)}>{t('coupons.delete')}</button>
                          <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>{t('coupons.cancel')}</button>
                        </span>
                      ) : (
                        <span className="admin-coupons__actions">
                          <button type="button" className="button button--secondary" onClick={() => setEditing(coupon)} aria-label={`${t('coupons.edit')} ${coupon.code}`}>{t('coupons.edit')}</button>
                          <button type="button" className="button button--link" onClick={() => setDeleting(coupon)} aria-label={`${t('coupons.delete')} ${coupon.code}`}>{t('coupons.delete')}</button>
                        </span>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canEdit ? (
        <CouponForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSave={async (input) => {
            const answer = editing ? await adminApi().call(updateAdminCoupon, { params: { id: editing.id }, body: input }) : await adminApi().call(createAdminCoupon, { body: input });
            if (!answer.ok) return answer.error;
            setMessage(t(editing ? 'coupons.saved' : 'coupons.created', { code: answer.data.code }));
            setEditing(null);
            await load();
            return null;
          }}
        />
      ) : null}
    </section>
  );
}

function CouponForm({ editing, onCancel, onSave }: { editing: AdminCoupon | null; onCancel: () => void; onSave: (input: CouponInput) => Promise<ApiError | null> }) {
  const t = useAdminCouponsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAlert(null);
    const failure = await onSave(inputOf(draft));
    setBusy(false);
    if (!failure) {
      setErrors({});
      if (!editing) setDraft(EMPTY);
      return;
    }
    const fields = Object.fromEntries(Object.entries(failure.fields ?? {}).map(([key, messages]) => [key, messages[0] ?? '']));
    setErrors(fields);
    if (Object.keys(fields).length === 0) setAlert(errorText(failure, locale));
  };
  const field = (name: keyof Draft, apiName: string, label: string, props: { type?: string; hint?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <div className={`form-field${errors[apiName] ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="form-field__input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        value={draft[name]}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[apiName] ? true : undefined}
        aria-describedby={errors[apiName] ? `${id}-${name}-error` : props.hint ? `${id}-${name}-hint` : undefined}
      />
      {props.hint ? <span id={`${id}-${name}-hint`} className="form-field__hint">{props.hint}</span> : null}
      {errors[apiName] ? <p id={`${id}-${name}-error`} className="form-field__error">{errors[apiName]}</p> : null}
    </div>
  );
  return (
    <form className="admin-coupons__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="panel__title">{editing ? t('coupons.editing', { code: editing.code }) : t('coupons.new')}</h3>
      <FormAlert message={alert} />
      <div className="admin-coupons__grid">
        {field('code', 'code', t('coupons.code'), { hint: t('coupons.codeHint') })}
        {field('percent', 'fee_discount_percent', t('coupons.percent'), { hint: t('coupons.percentHint'), inputMode: 'decimal' })}
        {field('validFrom', 'valid_from', t('coupons.validFrom'), { type: 'datetime-local' })}
        {field('expiresAt', 'expires_at', t('coupons.expiresAt'), { type: 'datetime-local' })}
        {field('maxUses', 'max_uses', t('coupons.maxUses'), { inputMode: 'numeric' })}
      </div>
      <div className="admin-coupons__buttons">
        <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('coupons.saving') : editing ? t('coupons.save') : t('coupons.create')}</button>
        {editing ? <button type="button" className="button button--secondary" onClick={onCancel}>{t('coupons.cancel')}</button> : null}
      </div>
    </form>
  );
}
