// The /merchantTransactions search and filters: text, status, coin and a date range. It edits a draft
// and writes it to the address on Apply (the list reads the address), so Back undoes a filter.
import { useId, useState, type FormEvent } from 'react';
import { CRYPTO } from '#core/assets.ts';
import { PAYMENT_STATUSES } from '#core/payments/payment-rules.ts';
import { useMerchantT } from '../../i18n/use-merchant-t.ts';
import { hasActiveFilters, rangeProblem, type PaymentFilters } from './payments-query.ts';

export function PaymentFiltersForm({ filters, onApply }: { filters: PaymentFilters; onApply: (next: PaymentFilters) => void }) {
  const t = useMerchantT();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const [problem, setProblem] = useState(false);
  const set = <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const pick = (value: string) => (value.trim() === '' ? undefined : value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = rangeProblem(draft.from, draft.to);
    setProblem(wrong);
    if (!wrong) onApply({ ...draft, q: draft.q?.trim() || undefined, page: 1 } as PaymentFilters);
  };
  const onClear = () => {
    const cleared: PaymentFilters = { page: 1, per_page: draft.per_page };
    setDraft(cleared);
    setProblem(false);
    onApply(cleared);
  };

  const errorId = `${id}-range-error`;
  const hintId = `${id}-q-hint`;
  return (
    <form className="tx-filters mtx-filters" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} role="search">
      <h2 id={`${id}-title`} className="visually-hidden">{t('mtx.filters')}</h2>
      <div className="form-field mtx-filters__search">
        <label className="form-field__label" htmlFor={`${id}-q`}>{t('mtx.search')}</label>
        <input id={`${id}-q`} type="search" className="form-field__input" value={draft.q ?? ''} maxLength={200} aria-describedby={hintId}
          onChange={(e) => set('q', pick(e.target.value))} />
        <p id={hintId} className="form-field__hint">{t('mtx.searchHint')}</p>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-status`}>{t('mtx.status')}</label>
        <select id={`${id}-status`} className="form-field__input" value={draft.status ?? ''} onChange={(e) => set('status', pick(e.target.value) as PaymentFilters['status'])}>
          <option value="">{t('mtx.any')}</option>
          {PAYMENT_STATUSES.map((status) => <option key={status} value={status}>{t(`status.${status}`)}</option>)}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-coin`}>{t('mtx.coin')}</label>
        <select id={`${id}-coin`} className="form-field__input" value={draft.coin ?? ''} onChange={(e) => set('coin', pick(e.target.value) as PaymentFilters['coin'])}>
          <option value="">{t('mtx.any')}</option>
          {CRYPTO.map((coin) => <option key={coin} value={coin}>{coin}</option>)}
        </select>
      </div>
      <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={`${id}-from`}>{t('mtx.from')}</label>
        <input id={`${id}-from`} type="date" className="form-field__input" value={draft.from ?? ''} onChange={(e) => set('from', pick(e.target.value))}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined} />
      </div>
      <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={`${id}-to`}>{t('mtx.to')}</label>
        <input id={`${id}-to`} type="date" className="form-field__input" value={draft.to ?? ''} onChange={(e) => set('to', pick(e.target.value))}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined} />
      </div>
      {problem ? <p id={errorId} className="form-field__error tx-filters__error" role="alert">{t('mtx.rangeProblem')}</p> : null}
      <div className="tx-filters__actions">
        <button type="submit" className="button button--primary">{t('mtx.apply')}</button>
        {hasActiveFilters(filters) ? <button type="button" className="button button--secondary" onClick={onClear}>{t('mtx.clear')}</button> : null}
      </div>
    </form>
  );
}
