// A labelled text input with hint and error, for the money forms' non-amount fields.
import { useId } from 'react';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string | null;
  autoComplete?: string;
  maxLength?: number;
}

export function TextField({ label, name, value, onChange, error, hint, autoComplete = 'off', maxLength = 128 }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        className="form-field__input"
        value={value}
        autoComplete={autoComplete}
        spellCheck={false}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {hint ? <p id={hintId} className="form-field__hint">{hint}</p> : null}
      {error ? <p id={errorId} className="form-field__error">{error}</p> : null}
    </div>
  );
}
