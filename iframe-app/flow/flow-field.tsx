// A labelled input of the flow's forms with its hint and the server's error for it, wired for
// screen readers (aria-invalid, aria-describedby). The iframe app cannot take the member app's
// form field (its texts and hooks would enter this budgeted build).
import { useId, type InputHTMLAttributes } from 'react';

export interface FlowFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onValue: (value: string) => void;
}

export function FlowField({ label, hint, error, value, onValue, type = 'text', className, ...input }: FlowFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flow-field${error ? ' flow-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="flow-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        type={type}
        className="flow-field__input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="flow-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flow-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
