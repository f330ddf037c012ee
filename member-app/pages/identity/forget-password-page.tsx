// /forget-password: POST /v1/users/forgetPassword mails a reset link, in the page's language. The
// answer is the same whether or not the account exists, and so is this page's confirmation.
import { useState } from 'react';
import { forgetPassword, ForgetPasswordSchema } from '#core/contract/profile.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { FormAlert, FormField, SubmitButton } from '../../identity/form-field.tsx';
import { useForm } from '../../identity/use-form.ts';

export default function ForgetPasswordPage() {
  return <AuthFrame guard="guest">{() => <ForgetPassword />}</AuthFrame>;
}

function ForgetPassword() {
  const t = useIdentityT();
  const locale = useBootStore((state) => state.locale);
  const form = useForm({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const back = <Link href="/login">{t('forget.back')}</Link>;

  if (sentTo) {
    return (
      <AuthCard title={t('forget.sentTitle')} footer={back}>
        <p className="form-alert form-alert--success" role="status">{t('forget.sent', { email: sentTo })}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('forget.title')} lead={t('forget.lead')} footer={back}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          form.submit(event, ForgetPasswordSchema, (values) => ({ email: values.email, language: locale }), async (body) => {
            const result = await memberApi().call(forgetPassword, { body });
            if (!result.ok) return result.error;
            setSentTo(body.email);
            return null;
          })
        }
      >
        <FormAlert message={form.alert} />
        <FormField label={t('field.email')} type="email" autoComplete="email" binding={form.field('email')} />
        <SubmitButton busy={form.busy}>{t('forget.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
