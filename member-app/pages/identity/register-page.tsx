// /register. Under registration_new_flow (spec §5): email and mobile -> POST
// /v1/users/registrationAttempt (reg_token) -> a code to each, entered here -> personal details.
// The attempt and what was typed are kept for this tab (registration-draft.ts): a reload comes back to
// the same step, filled in, without sending codes again. Otherwise one form creates the account and
// the member verifies their contacts at /verification.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { register, RegisterBodySchema, registrationAttempt, RegistrationAttemptBodySchema } from '#core/contract/registration.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import type { ApiError } from '#ui/api/api-result.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { CodeEntry } from '../../identity/code-entry.tsx';
import { FormAlert, FormField, SubmitButton } from '../../identity/form-field.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';
import { errorText } from '../../identity/error-text.ts';
import { endAttempt, registrationStep, restartDraft, startAttempt, type RegistrationDraft } from '../../identity/registration-draft.ts';
import { RegistrationExpired } from '../../identity/registration-expired.tsx';
import { useRegistrationDraft, type DraftChange } from '../../identity/use-registration-draft.ts';
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
  const [draft, update] = useRegistrationDraft();
  // The server's own words when it ended the attempt; a reload after that shows the step without them.
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const step = registrationStep(draft);
  if (step === 'expired') {
    return (
      <RegistrationExpired
        serverMessage={serverMessage}
        onRestart={() => {
          setServerMessage(null);
          update(restartDraft);
        }}
      />
    );
  }
  if (step === 'contacts') return <AttemptStart draft={draft} update={update} />;
  return (
    <AttemptCodes
      draft={draft}
      update={update}
      onExpired={(message) => {
        setServerMessage(message);
        update(endAttempt);
      }}
    />
  );
}

function AttemptStart({ draft, update }: { draft: RegistrationDraft; update: (change: DraftChange) => void }) {
  const t = useIdentityT();
  const form = useForm({ email: draft.email, mobile: draft.mobile });
  const { email, mobile } = form.values;
  // What is typed survives a reload of this tab.
  useEffect(() => update((current) => ({ ...current, email: email ?? '', mobile: mobile ?? '' })), [email, mobile]);
  return (
    <AuthCard title={t('register.title')} lead={t('register.lead')} step={t('register.step', { step: 1, total: 4 })} footer={<SignInFooter />}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(event, RegistrationAttemptBodySchema, (values) => values, async (body) => {
            const result = await memberApi().call(registrationAttempt, { body });
            if (!result.ok) return result.error;
            update((current) => startAttempt(current, { reg_token: result.data.reg_token, email: body.email, mobile: body.mobile }, Date.now()));
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

interface AttemptCodesProps {
  draft: RegistrationDraft;
  update: (change: DraftChange) => void;
  onExpired: (message: string) => void;
}

function AttemptCodes({ draft, update, onExpired }: AttemptCodesProps) {
  const t = useIdentityT();
  const locale = useBootStore((state) => state.locale);
  const [, navigate] = useLocation();
  const bothVerified = draft.emailVerified && draft.mobileVerified;
  // Both proofs in (now, or before the person came back here): the next step.
  useEffect(() => {
    if (bothVerified) navigate('/register/personal_details');
  }, [bothVerified]);
  const failed = (error: ApiError) => {
    if (error.code === 'registration_token_expired') onExpired(errorText(error, locale));
  };
  const code = (purpose: 'verify_email' | 'verify_mobile', label: string, verified: boolean, proof: 'emailVerified' | 'mobileVerified') => (
    <CodeEntry
      purpose={purpose}
      regToken={draft.reg_token ?? undefined}
      label={label}
      verified={verified}
      {...(draft.resendAt[purpose] !== undefined ? { sentBeforeResendAt: draft.resendAt[purpose] } : {})}
      onSent={(resendAt) => update((current) => ({ ...current, resendAt: { ...current.resendAt, [purpose]: resendAt } }))}
      onFailure={failed}
      onVerified={() => update((current) => ({ ...current, [proof]: true }))}
    />
  );
  return (
    <AuthCard
      title={t('register.codesTitle')}
      lead={t('register.codesLead')}
      step={t('register.step', { step: 2, total: 4 })}
      footer={
        <p>
          <button type="button" className="button button--link" onClick={() => update(restartDraft)}>
            {t('register.startAgain')}
          </button>
        </p>
      }
    >
      <div className="code-list">
        {code('verify_email', t('field.emailCode', { email: draft.email }), draft.emailVerified, 'emailVerified')}
        {code('verify_mobile', t('field.mobileCode', { mobile: draft.mobile }), draft.mobileVerified, 'mobileVerified')}
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
