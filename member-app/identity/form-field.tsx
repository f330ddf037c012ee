// A labelled input with its hint and error, wired for screen readers (aria-invalid, aria-describedby).
// The contract's 'Required field' is shown in the page language; other messages come from the
// contract or the server as they are.
import { useId, useState, type InputHTMLAttributes } from 'react';
import { REQUIRED_FIELD } from '#core/contract/fields.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import type { FieldBinding } from './use-form.ts';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'> {
  label: string;
  hint?: string;
  binding: FieldBinding;
}

export function FormField({ label, hint, binding, type = 'text', className, ...input }: FormFieldProps) {
  const t = useIdentityT();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = binding.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const isPassword = type === 'password';
  return (
    <div className={`form-field${binding.error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="form-field__label" htmlFor={id}>{label}</label>
      <div className="form-field__control">
        <input
          {...input}
          id={id}
          name={binding.name}
          type={isPassword && revealed ? 'text' : type}
          className="form-field__input"
          value={binding.value}
          onChange={(event) => binding.onChange(event.target.value)}
          aria-invalid={binding.error ? true : undefined}
          aria-describedby={describedBy}
        />
        {isPassword ? (
          <button
            type="button"
            className="form-field__reveal"
            onClick={() => setRevealed((value) => !value)}
            aria-pressed={revealed}
            aria-label={t('field.showPassword')}
          >
            {revealed ? t('field.hide') : t('field.show')}
          </button>
        ) : null}
      </div>
      {hint ? <p id={hintId} className="form-field__hint">{hint}</p> : null}
      {binding.error ? (
        <p id={errorId} className="form-field__error">{binding.error === REQUIRED_FIELD ? t('field.required') : binding.error}</p>
      ) : null}
    </div>
  );
}

/** The message above a form: a server failure (role=alert) or a confirmation (role=status). */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  const t = useIdentityT();
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
      {busy ? t('form.working') : children}
    </button>
  );
}

export interface FormSelectProps {
  label: string;
  binding: FieldBinding;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  autoComplete?: string;
}

export function FormSelect({ label, binding, options, placeholder, autoComplete }: FormSelectProps) {
  const t = useIdentityT();
  const id = useId();
  const errorId = binding.error ? `${id}-error` : undefined;
  return (
    <div className={`form-field${binding.error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>{label}</label>
      <select
        id={id}
        name={binding.name}
        className="form-field__input form-field__select"
        value={binding.value}
        autoComplete={autoComplete}
        onChange={(event) => binding.onChange(event.target.value)}
        aria-invalid={binding.error ? true : undefined}
        aria-describedby={errorId}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
      {binding.error ? (
        <p id={errorId} className="form-field__error">{binding.error === REQUIRED_FIELD ? t('field.required') : binding.error}</p>
      ) : null}
    </div>
  );
}
