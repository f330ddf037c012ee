// /sys-admin/login: email, password and the authenticator's 6-digit code in one form (POST
// /v1/admin/session). The server sets the HttpOnly op_token cookie; the page then opens the overview.
// A wrong part is never named (the server does not say which), and the code field is a one-time-code
// field so phones offer the code and password managers fill it.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { operatorMe, operatorSignIn, OperatorSignInSchema } from '#core/contract/admin-session.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { MAIN_ID } from '#ui/components/skip-link.tsx';
import { TestModeBadge } from '#ui/components/test-mode-badge.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FormAlert, FormField, SubmitButton } from '../../identity/form-field.tsx';
import { useForm } from '../../identity/use-form.ts';
import { useAdminConsoleT } from '../../i18n/use-admin-console-t.ts';
import { adminApi, sessionStarted } from '../admin-api.ts';

export default function AdminLoginPage() {
  const t = useAdminConsoleT();
  useDocumentTitle(t('login.title'));
  const whitelabel = useWhiteLabel();
  const [, navigate] = useLocation();
  const form = useForm({ email: '', password: '', code: '' });

  // Already signed in (a second tab, the back button): straight to the overview.
  useEffect(() => {
    let live = true;
    void adminApi()
      .call(operatorMe, {})
      .then((result) => {
        if (live && result.ok) navigate('/', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [navigate]);

  return (
    <main id={MAIN_ID} className="admin-login" tabIndex={-1}>
      <section className="admin-login__card" aria-labelledby="admin-login-title">
        <p className="admin-login__provider">
          {whitelabel?.configuration.label_name} <TestModeBadge />
        </p>
        <h1 id="admin-login-title" className="admin-title">{t('login.title')}</h1>
        <p className="admin-login__lead">{t('login.lead', { label: whitelabel?.configuration.label_name ?? '' })}</p>
        <form
          className="auth-form"
          noValidate
          onSubmit={(event) =>
            form.submit(event, OperatorSignInSchema, (values) => values, async (body) => {
              const result = await adminApi().call(operatorSignIn, { body });
              if (!result.ok) {
                // A failed attempt uses up nothing the operator typed but the code: clear it for the next one.
                form.set('code', '');
                return result.error;
              }
              sessionStarted();
              navigate('/', { replace: true });
              return null;
            })
          }
        >
          <FormAlert message={form.alert} />
          <FormField label={t('login.email')} type="email" autoComplete="username" binding={form.field('email')} />
          <FormField label={t('login.password')} type="password" autoComplete="current-password" binding={form.field('password')} />
          <FormField
            label={t('login.code')}
            hint={t('login.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            binding={form.field('code')}
          />
          <SubmitButton busy={form.busy}>{t('login.submit')}</SubmitButton>
        </form>
        <p className="admin-login__notice">{t('login.notice')}</p>
      </section>
    </main>
  );
}
