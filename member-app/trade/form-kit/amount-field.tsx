// The amount a member spends or sends: labelled, its live problem tied with aria-describedby,
// the available balance as its hint, and "Use max" beside it.
import { useId, type ReactNode } from 'react';
import { useTradeT } from '../../i18n/use-trade-t.ts';

export interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field: "You have 12.50 EUR available". */
  hint?: string | null;
  error?: string | null;
  onMax?: (() => void) | null;
  suffix?: ReactNode;
  name?: string;
}

export function AmountField({ label, value, onChange, hint, error, onMax, suffix, name = 'amount' }: AmountFieldProps) {
  const t = useTradeT();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`form-field amount-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>{label}</label>
      <div className="amount-field__control">
        <input
          id={id}
          name={name}
          className="form-field__input amount-field__input"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        />
        {suffix ? <span className="amount-field__suffix">{suffix}</span> : null}
        {onMax ? (
          <button type="button" className="button button--secondary amount-field__max" onClick={onMax}>
            {t('amount.useMax')}
          </button>
        ) : null}
      </div>
      {hint ? <p id={hintId} className="form-field__hint">{hint}</p> : null}
      {error ? <p id={errorId} className="form-field__error" aria-live="polite">{error}</p> : null}
    </div>
  );
}
