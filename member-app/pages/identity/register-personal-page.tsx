// /register/personal_details (new flow, step 3): name and password for the email and mobile the
// attempt verified; POST /v1/users/register with reg_token creates the account and its session.
// The names typed survive a reload of this tab (registration-draft.ts); the password never is kept.
import { useEffect, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { register, RegisterBodySchema } from '#core/contract/registration.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { errorText } from '../../identity/error-text.ts';
import { FormField, FormAlert, SubmitButton } from '../../identity/form-field.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';
import { afterAccountCreated, endAttempt, registrationStep, restartDraft, saveDraft, type RegistrationDraft } from '../../identity/registration-draft.ts';
import { RegistrationExpired } from '../../identity/registration-expired.tsx';
import { TermsNote } from '../../identity/terms-note.tsx';
import { useForm } from '../../identity/use-form.ts';
import { useRegistrationDraft, type DraftChange } from '../../identity/use-registration-draft.ts';

export default function RegisterPersonalPage() {
  return <AuthFrame guard="guest">{() => <PersonalDetails />}</AuthFrame>;
}

function PersonalDetails() {
  const t = useIdentityT();
  const [draft, update] = useRegistrationDraft();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const step = registrationStep(draft);
  if (step === 'expired') {
    return <RegistrationExpired serverMessage={serverMessage} onRestart={() => update(restartDraft)} />;
  }
  // Codes still to enter in this tab: that step, where they are.
  if (step === 'codes') return <Redirect to="/register" replace />;
  if (step === 'contacts') {
    return (
      <AuthCard title={t('register.personalTitle')} lead={t('register.attemptMissing')}>
        <div className="auth-form">
          <Link href="/register" className="button button--primary button--block">{t('register.startFirst')}</Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <PersonalForm
      draft={draft}
      update={update}
      onExpired={(message) => {
        setServerMessage(message);
        update(endAttempt);
      }}
    />
  );
}

interface PersonalFormProps {
  draft: RegistrationDraft;
  update: (change: DraftChange) => void;
  onExpired: (message: string) => void;
}

function PersonalForm({ draft, update, onExpired }: PersonalFormProps) {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const locale = useBootStore((state) => state.locale);
  const newFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  const form = useForm({ firstName: draft.firstName, lastName: draft.lastName, password: '' });
  const { firstName, lastName } = form.values;
  useEffect(() => update((current) => ({ ...current, firstName: firstName ?? '', lastName: lastName ?? '' })), [firstName, lastName]);
  return (
    <AuthCard title={t('register.personalTitle')} lead={t('register.personalLead')} step={t('register.step', { step: 3, total: 4 })}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(
            event,
            RegisterBodySchema,
            (values) => ({ ...values, reg_token: draft.reg_token, email: draft.email, mobile: draft.mobile, language: locale }),
            async (body) => {
              const api = memberApi();
              const result = await api.call(register, { body });
              if (!result.ok) {
                // 30 minutes have passed (or the token was used): the attempt must start over.
                if (result.error.code === 'registration_token_expired') onExpired(errorText(result.error, locale));
                return result.error;
              }
              // The token is used up; only what the address step will type is kept from here on.
              saveDraft(afterAccountCreated(draft));
              return landAfterLogin(api, newFlow, navigate);
            },
          )
        }
      >
        <FormAlert message={form.alert} />
        <p className="auth-form__summary">
          {draft.email} · {draft.mobile}
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
