// /register/personal_details (new flow, step 3): name and password for the email and mobile the
// attempt verified; POST /v1/users/register with reg_token creates the account and its session.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { register, RegisterBodySchema } from '#core/contract/registration.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { errorText } from '../../identity/error-text.ts';
import { FormAlert, FormField, SubmitButton } from '../../identity/form-field.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';
import { clearAttempt, readAttempt, type RegistrationAttempt } from '../../identity/registration-attempt.ts';
import { TermsNote } from '../../identity/terms-note.tsx';
import { useForm } from '../../identity/use-form.ts';

export default function RegisterPersonalPage() {
  return <AuthFrame guard="guest">{() => <PersonalDetails />}</AuthFrame>;
}

function PersonalDetails() {
  const t = useIdentityT();
  const [attempt, setAttempt] = useState(readAttempt);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);
  const expired = (message: string) => {
    clearAttempt();
    setAttempt(null);
    setExpiredMessage(message);
  };
  if (!attempt || !attempt.emailVerified || !attempt.mobileVerified) {
    return (
      <AuthCard title={t('register.personalTitle')} lead={t('register.attemptMissing')}>
        <div className="auth-form">
          <FormAlert message={expiredMessage} />
          <Link href="/register" className="button button--primary button--block">{t('register.startAgain')}</Link>
        </div>
      </AuthCard>
    );
  }
  return <PersonalForm attempt={attempt} onExpired={expired} />;
}

function PersonalForm({ attempt, onExpired }: { attempt: RegistrationAttempt; onExpired: (message: string) => void }) {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const locale = useBootStore((state) => state.locale);
  const newFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  const form = useForm({ firstName: '', lastName: '', password: '' });
  return (
    <AuthCard title={t('register.personalTitle')} lead={t('register.personalLead')} step={t('register.step', { step: 3, total: 4 })}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(
            event,
            RegisterBodySchema,
            (values) => ({ ...values, reg_token: attempt.reg_token, email: attempt.email, mobile: attempt.mobile, language: locale }),
            async (body) => {
              const api = memberApi();
              const result = await api.call(register, { body });
              if (!result.ok) {
                // 30 minutes have passed (or the token was used): the attempt must start over.
                if (result.error.code === 'registration_token_expired') onExpired(errorText(result.error, locale));
                return result.error;
              }
              clearAttempt();
              return landAfterLogin(api, newFlow, navigate);
            },
          )
        }
      >
        <FormAlert message={form.alert} />
        <p className="auth-form__summary">
          {attempt.email} · {attempt.mobile}
        </p>
        <div className="form-row">
          <FormField label={t('field.firstName')} autoComplete="given-name" binding={form.field('firstName')} />
          <FormField label={t('field.lastName')} autoComplete="family-name" binding={form.field('lastName')} />
        </div>
        <FormField label={t('field.password')} type="password" autoComplete="new-password" hint={t('field.passwordHint')} binding={form.field('password')} />
        <TermsNote />
        <SubmitButton busy={form.busy}>{t('register.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
