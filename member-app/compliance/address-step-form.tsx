// Step address: where the member lives, prefilled from the account's billing address.
import { useMemo } from 'react';
import { ComplianceAddressSchema, saveComplianceAddress, type Compliance } from '#core/contract/compliance.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';
import { countryOptions } from '../identity/countries.ts';
import { FormAlert, FormField, FormSelect, SubmitButton } from '../identity/form-field.tsx';
import { useForm } from '../identity/use-form.ts';

export function AddressStepForm({ compliance, onSaved }: { compliance: Compliance; onSaved: (next: Compliance) => void }) {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  const countries = useMemo(() => countryOptions(locale).map(({ code, name }) => ({ value: code, label: name })), [locale]);
  const form = useForm(() => ({ ...compliance.address }));
  return (
    <form
      className="auth-form kyc-form"
      noValidate
      aria-labelledby="kyc-address-title"
      onSubmit={(event) =>
        form.submit(event, ComplianceAddressSchema, (values) => values, async (body) => {
          const result = await memberApi().call(saveComplianceAddress, { body });
          if (!result.ok) return result.error;
          onSaved(result.data);
          return null;
        })
      }
    >
      <h2 id="kyc-address-title" className="panel__title">{t('address.title')}</h2>
      <p className="panel__lead">{t('address.lead')}</p>
      <FormAlert message={form.alert} />
      <FormField label={t('address.address1')} autoComplete="address-line1" binding={form.field('address1')} />
      <FormField label={t('address.address2')} autoComplete="address-line2" binding={form.field('address2')} />
      <div className="form-row">
        <FormField label={t('address.city')} autoComplete="address-level2" binding={form.field('city')} />
        <FormField label={t('address.zipCode')} autoComplete="postal-code" binding={form.field('zip_code')} />
      </div>
      <FormSelect label={t('address.country')} autoComplete="country" placeholder="—" options={countries} binding={form.field('country')} />
      <SubmitButton busy={form.busy}>{t('address.save')}</SubmitButton>
    </form>
  );
}
