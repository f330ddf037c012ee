// The new-card inputs with their masks: number in groups of four, expiry MM/YY, CVC, holder.
// Autocomplete names let the browser fill a saved card.
import { useId } from 'react';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { formatCardNumber, formatExpiry, type CardValues } from './card-input.ts';

export interface CardFieldsProps {
  values: CardValues;
  errors: Partial<Record<keyof CardValues, string>>;
  onChange: (values: CardValues) => void;
}

export function CardFields({ values, errors, onChange }: CardFieldsProps) {
  const t = useTradeT();
  const id = useId();
  const field = (name: keyof CardValues, label: string, props: { inputMode?: 'numeric' | 'text'; autoComplete: string; maxLength: number; placeholder?: string }, mask: (raw: string) => string) => (
    <div className={`form-field card-fields__${name}${errors[name] ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={`card-${name}`}
        className="form-field__input"
        {...props}
        value={values[name]}
        onChange={(event) => onChange({ ...values, [name]: mask(event.target.value) })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? <p id={`${id}-${name}-error`} className="form-field__error">{errors[name]}</p> : null}
    </div>
  );
  return (
    <div className="card-fields">
      {field('number', t('card.number'), { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23, placeholder: '1234 1234 1234 1234' }, formatCardNumber)}
      <div className="form-row">
        {field('expiry', t('card.expiry'), { inputMode: 'numeric', autoComplete: 'cc-exp', maxLength: 5, placeholder: t('card.expiryPlaceholder') }, (raw) => formatExpiry(raw, values.expiry))}
        {field('cvc', t('card.cvc'), { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 }, (raw) => raw.replace(/\D/g, '').slice(0, 4))}
      </div>
      {field('holder', t('card.holder'), { inputMode: 'text', autoComplete: 'cc-name', maxLength: 100 }, (raw) => raw)}
    </div>
  );
}
