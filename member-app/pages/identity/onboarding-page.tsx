// /onboarding: a signed-in member or merchant completes their profile details after registering
// (POST /v1/users/onboarding, which answers fresh tokens).
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AddressForm } from '../../identity/address-form.tsx';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';

export default function OnboardingPage() {
  const t = useIdentityT();
  return (
    <AuthFrame guard="member">
      {(user) =>
        user ? (
          <AuthCard title={t('onboarding.title')} lead={t('onboarding.lead')}>
            <AddressForm user={user} withNames submitLabel={t('onboarding.submit')} />
          </AuthCard>
        ) : null
      }
    </AuthFrame>
  );
}
