// /login: email and password (POST /v1/users/login). The server sets the HttpOnly session cookie;
// the page then reads the user (GET /v1/currentUser) and goes where a login lands (spec §4):
// /double-auth when login codes are on, an owed step, else /wallets. The secondary action mails a
// sign-in link instead (POST /v1/users/loginLink; the link opens /login/token), and says the same
// whether or not the address has an account.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { login, LoginBodySchema, loginLink, LoginLinkInputSchema } from '#core/contract/sessions.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';
import { FormAlert, FormField, SubmitButton } from '../../identity/form-field.tsx';
import { useForm } from '../../identity/use-form.ts';

export default function LoginPage() {
  return <AuthFrame guard="guest">{() => <LoginForm />}</AuthFrame>;
}

function LoginForm() {
  const t = useIdentityT();
  const whitelabel = useWhiteLabel();
  const [, navigate] = useLocation();
  const form = useForm({ email: '', password: '' });
  const locale = useBootStore((state) => state.locale);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const label = whitelabel?.configuration.label_name ?? '';
  const newFlow = whitelabel?.permissions.registration_new_flow ?? false;

  if (linkSentTo) {
    return (
      <AuthCard
        title={t('login.linkSentTitle')}
        footer={
          <button type="button" className="button button--link" onClick={() => setLinkSentTo(null)}>
            {t('login.linkBack')}
          </button>
        }
      >
        <p className="form-alert form-alert--success" role="status">{t('login.linkSent', { email: linkSentTo })}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      lead={t('login.lead', { label })}
      footer={
        <p>
          {t('login.noAccount', { label })} <Link href="/register">{t('login.register')}</Link>
        </p>
      }
    >
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(event, LoginBodySchema, (values) => values, async (body) => {
            const api = memberApi();
            const result = await api.call(login, { body });
            if (!result.ok) return result.error;
            return landAfterLogin(api, newFlow, navigate);
          })
        }
      >
        <FormAlert message={form.alert} />
        <FormField label={t('field.email')} type="email" autoComplete="username" binding={form.field('email')} />
        <FormField label={t('field.password')} type="password" autoComplete="current-password" binding={form.field('password')} />
        <p className="auth-form__aside">
          <Link href="/forget-password">{t('login.forgot')}</Link>
        </p>
        <SubmitButton busy={form.busy}>{t('login.submit')}</SubmitButton>
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={form.busy}
          onClick={(event) =>
            form.submit(event, LoginLinkInputSchema, (values) => ({ email: values.email, language: locale }), async (body) => {
              const result = await memberApi().call(loginLink, { body });
              if (!result.ok) return result.error;
              setLinkSentTo(body.email);
              return null;
            })
          }
        >
          {t('login.emailLink')}
        </button>
      </form>
    </AuthCard>
  );
}
