// Current password, new password, confirmation: the one change-password form of /change-password
// (an expired password) and /profile#security. The request is the same in both; what follows a
// change is the page's business (`onChanged`), and a page that stays put can show `successMessage`.
import { useState } from 'react';
import { changePassword, ChangePasswordBodySchema } from '#core/contract/profile.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import { confirmMismatch } from './form-errors.ts';
import { FormAlert, FormField, SubmitButton } from './form-field.tsx';
import { useForm } from './use-form.ts';

export interface ChangePasswordFormProps {
  /** Runs after the server accepted the new password; an error it returns is shown like a server error. */
  onChanged: () => Promise<ApiError | null>;
  /** Shown after a change when the page stays on the form. */
  successMessage?: string;
}

export function ChangePasswordForm({ onChanged, successMessage }: ChangePasswordFormProps) {
  const t = useIdentityT();
  const form = useForm({ oldPassword: '', newPassword: '', confirm: '' });
  const [done, setDone] = useState(false);
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) =>
        form.submit(
          event,
          ChangePasswordBodySchema,
          (values) => ({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
          async (body) => {
            setDone(false);
            const result = await memberApi().call(changePassword, { body });
            if (!result.ok) return result.error;
            for (const name of ['oldPassword', 'newPassword', 'confirm']) form.set(name, '');
            setDone(true);
            return onChanged();
          },
          (values) => confirmMismatch(values, 'newPassword', t('field.passwordMismatch')),
        )
      }
    >
      <FormAlert message={form.alert} />
      <FormAlert tone="success" message={done && successMessage ? successMessage : null} />
      <FormField label={t('field.currentPassword')} type="password" autoComplete="current-password" binding={form.field('oldPassword')} />
      <FormField label={t('field.newPassword')} type="password" autoComplete="new-password" hint={t('field.passwordHint')} binding={form.field('newPassword')} />
      <FormField label={t('field.confirmPassword')} type="password" autoComplete="new-password" binding={form.field('confirm')} />
      <SubmitButton busy={form.busy}>{t('change.submit')}</SubmitButton>
    </form>
  );
}
