// The profile details a new account completes (POST /v1/users/onboarding): date of birth and the
// address spec §5 requires under the new registration flow (address1, city, country, zipCode),
// and on /onboarding also the name. Prefilled from the user; answers fresh tokens, then the member
// goes where a login lands.
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { onboarding, OnboardingBodySchema } from '#core/contract/registration.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import { countryOptions } from './countries.ts';
import { FormAlert, FormField, FormSelect, SubmitButton } from './form-field.tsx';
import { landAfterLogin } from './land-after-login.ts';
import { addressFields, initialAddressValues, onboardingInput } from './onboarding-input.ts';
import { addressTypedFor, clearDraft, EMPTY_DRAFT, readDraft, saveDraft } from './registration-draft.ts';
import { useForm } from './use-form.ts';

export interface AddressFormProps {
  user: UserInfo;
  withNames: boolean;
  submitLabel: string;
  /** The last step of a registration: what is typed survives a reload of this tab until it is saved. */
  keepDraft?: boolean;
}

export function AddressForm({ user, withNames, submitLabel, keepDraft = false }: AddressFormProps) {
  const t = useIdentityT();
  const [, navigate] = useLocation();
  const locale = useBootStore((state) => state.locale);
  const newFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  const countries = useMemo(() => countryOptions(locale).map(({ code, name }) => ({ value: code, label: name })), [locale]);
  const form = useForm(() => ({ ...initialAddressValues(user), ...(keepDraft ? addressTypedFor(readDraft(Date.now()), user.email) : {}) }));
  useEffect(() => {
    if (keepDraft) saveDraft({ ...EMPTY_DRAFT, email: user.email, address: addressFields(form.values) });
  }, [keepDraft, form.values]);

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) =>
        form.submit(event, OnboardingBodySchema, (values) => onboardingInput(values, locale), async (body) => {
          const api = memberApi();
          const result = await api.call(onboarding, { body });
          if (!result.ok) return result.error;
          // The registration is complete: nothing of it stays in the tab.
          if (keepDraft) clearDraft();
          return landAfterLogin(api, newFlow, navigate);
        })
      }
    >
      <FormAlert message={form.alert} />
      {withNames ? (
        <div className="form-row">
          <FormField label={t('field.firstName')} autoComplete="given-name" binding={form.field('firstName')} />
          <FormField label={t('field.lastName')} autoComplete="family-name" binding={form.field('lastName')} />
        </div>
      ) : null}
      <FormField label={t('field.dateOfBirth')} type="date" autoComplete="bday" binding={form.field('dateOfBirth')} />
      <FormField label={t('field.address1')} autoComplete="address-line1" binding={form.field('billing.address1')} />
      <FormField label={t('field.address2')} autoComplete="address-line2" binding={form.field('billing.address2')} />
      <div className="form-row">
        <FormField label={t('field.city')} autoComplete="address-level2" binding={form.field('billing.city')} />
        <FormField label={t('field.zipCode')} autoComplete="postal-code" binding={form.field('billing.zipCode')} />
      </div>
      <FormField label={t('field.state')} autoComplete="address-level1" binding={form.field('billing.state')} />
      <FormSelect label={t('field.country')} autoComplete="country" placeholder="—" options={countries} binding={form.field('billing.country')} />
      <SubmitButton busy={form.busy}>{submitLabel}</SubmitButton>
    </form>
  );
}
