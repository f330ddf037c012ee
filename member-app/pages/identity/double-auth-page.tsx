// /double-auth: the login code of a member with login codes on (spec §4: OTPLogin on but not
// verified). Login already sent the code (verifications.OTPLogin 'sent'); this page checks it
// (verifyOTP, purpose login), offers a new one after the countdown, then lands.
import { useLocation } from 'wouter';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { signOut } from '#ui/session/session-actions.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';
import { CodeEntry } from '../../identity/code-entry.tsx';
import { landAfterLogin } from '../../identity/land-after-login.ts';

export default function DoubleAuthPage() {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const newFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  return (
    <AuthFrame guard="step">
      {(user) =>
        user ? (
          <AuthCard
            title={t('doubleAuth.title')}
            lead={t('doubleAuth.lead', { email: user.email })}
            footer={
              <button type="button" className="button button--link" onClick={() => void signOut(memberApi()).then(() => navigate('/login'))}>
                {t('doubleAuth.other')}
              </button>
            }
          >
            <CodeEntry
              purpose="login"
              label={t('field.code')}
              // The login sent this code already; a second send would only reset the countdown.
              autoSend={user.verifications.OTPLogin !== 'sent'}
              submitLabel={t('doubleAuth.submit')}
              onVerified={() => void landAfterLogin(memberApi(), newFlow, navigate)}
            />
          </AuthCard>
        ) : null
      }
    </AuthFrame>
  );
}
