// /register/address_details (new flow, last step): the address and date of birth spec §5 requires.
// A member whose address is incomplete is sent here by every guard until it is saved. What is typed
// survives a reload of this tab until it is saved (registration-draft.ts).
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AddressForm } from '../../identity/address-form.tsx';
import { AuthCard, AuthFrame } from '../../identity/auth-frame.tsx';

export default function RegisterAddressPage() {
  const t = useIdentityT();
  return (
    <AuthFrame guard="step">
      {(user) =>
        user ? (
          <AuthCard title={t('register.addressTitle')} lead={t('register.addressLead')} step={t('register.step', { step: 4, total: 4 })}>
            <AddressForm user={user} withNames={false} submitLabel={t('register.addressSubmit')} keepDraft />
          </AuthCard>
        ) : null
      }
    </AuthFrame>
  );
}
