// /verification: a signed-in member confirms the email and mobile not yet verified, with a code
// to each (purposes verify_email and verify_mobile), then goes where a login lands.
import { useLocation } from 'wouter';
import type { UserInfo } from '#core/contract/users.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { CodeEntry } from '../../identity/code-entry.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';

export default function VerificationPage() {
  return <AuthFrame guard="step">{(user) => (user ? <Verification user={user} /> : null)}</AuthFrame>;
}

function Verification({ user }: { user: UserInfo }) {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const newFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  const next = (emailVerification: 0 | 1, phoneVerification: 0 | 1) => {
    if (emailVerification === 1 && phoneVerification === 1) void landAfterLogin(memberApi(), newFlow, navigate);
  };
  return (
    <AuthCard title={t('verification.title')} lead={t('verification.lead')}>
      <div className="code-list">
        <CodeEntry
          purpose="verify_email"
          label={t('field.emailCode', { email: user.email })}
          verified={user.emailVerification === 1}
          onVerified={(answer) => answer && next(answer.emailVerification, answer.phoneVerification)}
        />
        <CodeEntry
          purpose="verify_mobile"
          label={t('field.mobileCode', { mobile: user.mobile })}
          verified={user.phoneVerification === 1}
          onVerified={(answer) => answer && next(answer.emailVerification, answer.phoneVerification)}
        />
      </div>
    </AuthCard>
  );
}
