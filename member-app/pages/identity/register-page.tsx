// /register. Under registration_new_flow (spec §5): email and mobile -> POST
// /v1/users/registrationAttempt (reg_token) -> a code to each, entered here -> personal details.
// Otherwise one form creates the account and the member verifies their contacts at /verification.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { register, RegisterBodySchema, registrationAttempt, RegistrationAttemptBodySchema } from '#core/contract/registration.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { CodeEntry } from '../../identity/code-entry.tsx';
import { FormAlert, FormField, SubmitButton } from '../../identity/form-field.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';
import { clearAttempt, readAttempt, saveAttempt, type RegistrationAttempt } from '../../identity/registration-attempt.ts';
import { TermsNote } from '../../identity/terms-note.tsx';
import { useForm } from '../../identity/use-form.ts';

export default function RegisterPage() {
  const newFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  return <AuthFrame guard="guest">{() => (newFlow ? <NewFlowRegister /> : <OneFormRegister />)}</AuthFrame>;
}

function SignInFooter() {
  const t = useIdentityT();
  return (
    <p>
      {t('register.haveAccount')} <Link href="/login">{t('register.signIn')}</Link>
    </p>
  );
}

function NewFlowRegister() {
  const [attempt, setAttempt] = useState<RegistrationAttempt | null>(() => readAttempt());
  const keep = (next: RegistrationAttempt) => {
    saveAttempt(next);
    setAttempt(next);
  };
  return attempt ? (
    <AttemptCodes
      attempt={attempt}
      onChange={keep}
      onRestart={() => {
        clearAttempt();
        setAttempt(null);
      }}
    />
  ) : (
    <AttemptStart onStarted={keep} />
  );
}

function AttemptStart({ onStarted }: { onStarted: (attempt: RegistrationAttempt) => void }) {
  const t = useIdentityT();
  const form = useForm({ email: '', mobile: '' });
  return (
    <AuthCard title={t('register.title')} lead={t('register.lead')} step={t('register.step', { step: 1, total: 4 })} footer={<SignInFooter />}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(event, RegistrationAttemptBodySchema, (values) => values, async (body) => {
            const result = await memberApi().call(registrationAttempt, { body });
            if (!result.ok) return result.error;
            onStarted({ reg_token: result.data.reg_token, email: body.email, mobile: body.mobile, emailVerified: false, mobileVerified: false });
            return null;
          })
        }
      >
        <FormAlert message={form.alert} />
        <FormField label={t('field.email')} type="email" autoComplete="email" binding={form.field('email')} />
        <FormField label={t('field.mobile')} type="tel" autoComplete="tel" hint={t('field.mobileHint')} binding={form.field('mobile')} />
        <SubmitButton busy={form.busy}>{t('register.continue')}</SubmitButton>
      </form>
    </AuthCard>
  );
}

function AttemptCodes({ attempt, onChange, onRestart }: { attempt: RegistrationAttempt; onChange: (attempt: RegistrationAttempt) => void; onRestart: () => void }) {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const done = (next: RegistrationAttempt) => {
    onChange(next);
    if (next.emailVerified && next.mobileVerified) navigate('/register/personal_details');
  };
  return (
    <AuthCard
      title={t('register.codesTitle')}
      lead={t('register.codesLead')}
      step={t('register.step', { step: 2, total: 4 })}
      footer={
        <p>
          <button type="button" className="button button--link" onClick={onRestart}>
            {t('register.startAgain')}
          </button>
        </p>
      }
    >
      <div className="code-list">
        <CodeEntry
          purpose="verify_email"
          regToken={attempt.reg_token}
          label={t('field.emailCode', { email: attempt.email })}
          verified={attempt.emailVerified}
          onVerified={() => done({ ...attempt, emailVerified: true })}
        />
        <CodeEntry
          purpose="verify_mobile"
          regToken={attempt.reg_token}
          label={t('field.mobileCode', { mobile: attempt.mobile })}
          verified={attempt.mobileVerified}
          onVerified={() => done({ ...attempt, mobileVerified: true })}
        />
      </div>
    </AuthCard>
  );
}

function OneFormRegister() {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const locale = useBootStore((state) => state.locale);
  const form = useForm({ firstName: '', lastName: '', email: '', mobile: '', password: '' });
  return (
    <AuthCard title={t('register.title')} lead={t('register.leadOneForm')} footer={<SignInFooter />}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(event, RegisterBodySchema, (values) => ({ ...values, language: locale }), async (body) => {
            const api = memberApi();
            const result = await api.call(register, { body });
            if (!result.ok) return result.error;
            return landAfterLogin(api, false, navigate);
          })
        }
      >
        <FormAlert message={form.alert} />
        <div className="form-row">
          <FormField label={t('field.firstName')} autoComplete="given-name" binding={form.field('firstName')} />
          <FormField label={t('field.lastName')} autoComplete="family-name" binding={form.field('lastName')} />
        </div>
        <FormField label={t('field.email')} type="email" autoComplete="email" binding={form.field('email')} />
        <FormField label={t('field.mobile')} type="tel" autoComplete="tel" hint={t('field.mobileHint')} binding={form.field('mobile')} />
        <FormField label={t('field.password')} type="password" autoComplete="new-password" hint={t('field.passwordHint')} binding={form.field('password')} />
        <TermsNote />
        <SubmitButton busy={form.busy}>{t('register.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
