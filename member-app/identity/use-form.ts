// A form's values, field errors, the alert above it and its busy state. submit() validates with
// the contract schema first (the same one the server uses), then sends; a server failure marks the
// fields it names and puts its message in the alert.
import { useState, type FormEvent } from 'react';
import type * as v from 'valibot';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { errorText } from './error-text.ts';
import { serverFieldMessages, validateForm, type FieldMessages } from './form-errors.ts';

export type Values = Record<string, string>;

export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export interface FormState {
  values: Values;
  errors: FieldMessages;
  alert: string | null;
  busy: boolean;
  field: (name: string) => FieldBinding;
  set: (name: string, value: string) => void;
  setAlert: (message: string | null) => void;
  /** For an onSubmit handler. `send` answers the failure to show, or null when it succeeded. */
  submit: <T>(
    event: FormEvent,
    schema: v.GenericSchema<unknown, T>,
    toInput: (values: Values) => unknown,
    send: (input: T) => Promise<ApiError | null>,
    extraCheck?: (values: Values) => FieldMessages,
  ) => Promise<void>;
}

export function useForm(initial: Values | (() => Values)): FormState {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locale = useBootStore((state) => state.locale);

  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const field = (name: string): FieldBinding => ({ name, value: values[name] ?? '', error: errors[name], onChange: (value) => set(name, value) });

  const submit: FormState['submit'] = async (event, schema, toInput, send, extraCheck) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const checked = validateForm(schema, toInput(values));
    const extra = extraCheck?.(values) ?? {};
    if (!checked.ok || Object.keys(extra).length > 0) {
      setErrors({ ...(checked.ok ? {} : checked.fields), ...extra });
      focusFirstInvalid(event);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const failure = await send(checked.output);
      if (failure) {
        setErrors(serverFieldMessages(failure));
        setAlert(errorText(failure, locale));
      }
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, alert, busy, field, set, setAlert, submit };
}

function focusFirstInvalid(event: FormEvent): void {
  const form = event.currentTarget as HTMLFormElement | null;
  // After React commits the aria-invalid attributes.
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
