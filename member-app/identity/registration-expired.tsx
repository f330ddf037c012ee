// What a registration step shows once its attempt is over (the server answered
// registration_token_expired, or its 30 minutes passed): why, in words, and a way to start again
// with the email and mobile already filled in.
import { Link } from '#ui/components/link.tsx';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import { AuthCard } from './auth-frame.tsx';
import { FormAlert } from './form-field.tsx';

export function RegistrationExpired({ serverMessage, onRestart }: { serverMessage: string | null; onRestart: () => void }) {
  const t = useIdentityT();
  return (
    <AuthCard title={t('register.expiredTitle')} lead={t('register.expiredLead')}>
      <div className="auth-form">
        <FormAlert message={serverMessage} />
        <Link href="/register" className="button button--primary button--block" onClick={onRestart}>
          {t('register.startAgain')}
        </Link>
      </div>
    </AuthCard>
  );
}
