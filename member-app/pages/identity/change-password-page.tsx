// /change-password in two modes:
//   ?reset=<token>  from the mailed link: a new password (POST /v1/users/resetPassword), no session
//                   needed; every session ends, so the member signs in again.
//   otherwise       a signed-in member whose password expired (spec §8 expired_password) or who
//                   wants a new one: current and new password (PATCH /v1/users/changePassword).
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { resetPassword, ResetPasswordSchema } from '#core/contract/profile.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { forgetSession, loadCurrentUser } from '#ui/session/session-actions.ts';
import { useSessionStore } from '#ui/session/session-store.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, OpenAuthFrame } from '../../identity/auth-frame.tsx';
import { ChangePasswordForm } from '../../identity/change-password-form.tsx';
import { confirmMismatch } from '../../identity/form-errors.ts';
import { FormAlert, FormField, SubmitButton } from '../../identity/form-field.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';
import { useForm, type Values } from '../../identity/use-form.ts';

export default function ChangePasswordPage() {
  const reset = new URLSearchParams(useSearch()).get('reset');
  return <OpenAuthFrame>{reset ? <ResetPassword token={reset} /> : <ExpiredPassword />}</OpenAuthFrame>;
}

function mismatch(name: string, t: (key: 'field.passwordMismatch') => string) {
  return (values: Values) => confirmMismatch(values, name, t('field.passwordMismatch'));
}

function ResetPassword({ token }: { token: string }) {
  const t = useIdentityT();
  const form = useForm({ password: '', confirm: '' });
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <AuthCard title={t('change.doneTitle')}>
        <p className="form-alert form-alert--success" role="status">{t('change.done')}</p>
        <Link href="/login" className="button button--primary button--block">{t('change.signIn')}</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('change.title')} lead={t('change.resetLead')}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(
            event,
            ResetPasswordSchema,
            (values) => ({ reset_token: token, password: values.password }),
            async (body) => {
              const result = await memberApi().call(resetPassword, { body });
              if (!result.ok) return result.error;
              forgetSession();
              setDone(true);
              return null;
            },
            mismatch('password', t),
          )
        }
      >
        <FormAlert message={form.alert} />
        <FormField label={t('field.newPassword')} type="password" autoComplete="new-password" hint={t('field.passwordHint')} binding={form.field('password')} />
        <FormField label={t('field.confirmPassword')} type="password" autoComplete="new-password" binding={form.field('confirm')} />
        <SubmitButton busy={form.busy}>{t('change.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}

function ExpiredPassword() {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const newFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  const session = useSessionStore();
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    void loadCurrentUser(memberApi()).then(() => setChecked(true));
  }, []);
  const signedIn = session.user !== null || session.error === 'expired_password';
  useEffect(() => {
    if (checked && !signedIn) navigate('/login', { replace: true });
  }, [checked, signedIn]);
  if (!checked || !signedIn) return <LoadingState label={t('session.checking')} />;

  const expired = session.error === 'expired_password';
  return (
    <AuthCard title={t('change.title')} lead={expired ? t('change.expiredLead') : t('profile.passwordLead')}>
      <ChangePasswordForm onChanged={() => landAfterLogin(memberApi(), newFlow, navigate)} />
    </AuthCard>
  );
}
