// The /transactions filter form: type, currency, status and a date range. It edits a draft and
// writes it to the address on Apply (the list reads the address), so Back undoes a filter.
import { useId, useState, type FormEvent } from 'react';
import { ASSETS } from '#core/assets.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '#core/contract/transactions.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { hasActiveFilters, rangeProblem, type TransactionFilters } from '../../wallets/transactions-query.ts';

export function TransactionFiltersForm({ filters, onApply }: { filters: TransactionFilters; onApply: (next: TransactionFilters) => void }) {
  const t = useWalletsT();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof TransactionFilters>(key: K, value: TransactionFilters[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const pick = (value: string) => (value === '' ? undefined : value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = rangeProblem(draft.from, draft.to);
    setProblem(wrong ? t(wrong) : null);
    if (!wrong) onApply({ ...draft, page: 1 });
  };
  const onClear = () => {
    const cleared: TransactionFilters = { page: 1, per_page: draft.per_page };
    setDraft(cleared);
    setProblem(null);
    onApply(cleared);
  };

  const errorId = `${id}-range-error`;
  return (
    <form className="tx-filters" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">{t('tx.filters')}</h2>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-type`}>{t('tx.type')}</label>
        <select id={`${id}-type`} className="form-field__input" value={draft.type ?? ''} onChange={(e) => set('type', pick(e.target.value) as TransactionFilters['type'])}>
          <option value="">{t('tx.any')}</option>
          {TRANSACTION_TYPES.map((type) => <option key={type} value={type}>{t(`type.${type}`)}</option>)}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-currency`}>{t('tx.currency')}</label>
        <select id={`${id}-currency`} className="form-field__input" value={draft.currency ?? ''} onChange={(e) => set('currency', pick(e.target.value) as TransactionFilters['currency'])}>
          <option value="">{t('tx.any')}</option>
          {ASSETS.map((asset) => <option key={asset} value={asset}>{asset}</option>)}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-status`}>{t('tx.status')}</label>
        <select id={`${id}-status`} className="form-field__input" value={draft.status ?? ''} onChange={(e) => set('status', pick(e.target.value) as TransactionFilters['status'])}>
          <option value="">{t('tx.any')}</option>
          {TRANSACTION_STATUSES.map((status) => <option key={status} value={status}>{t(`filterStatus.${status}`)}</option>)}
        </select>
      </div>
      <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={`${id}-from`}>{t('tx.from')}</label>
        <input id={`${id}-from`} type="date" className="form-field__input" value={draft.from ?? ''} onChange={(e) => set('from', pick(e.target.value))}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined} />
      </div>
      <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={`${id}-to`}>{t('tx.to')}</label>
        <input id={`${id}-to`} type="date" className="form-field__input" value={draft.to ?? ''} onChange={(e) => set('to', pick(e.target.value))}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined} />
      </div>
      {problem ? <p id={errorId} className="form-field__error tx-filters__error" role="alert">{problem}</p> : null}
      <div className="tx-filters__actions">
        <button type="submit" className="button button--primary">{t('tx.apply')}</button>
        {hasActiveFilters(filters) ? <button type="button" className="button button--secondary" onClick={onClear}>{t('tx.clear')}</button> : null}
      </div>
    </form>
  );
}
