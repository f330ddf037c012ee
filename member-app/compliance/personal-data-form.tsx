// Step personal_data: legal name and date of birth, prefilled from the account, checked with the contract's
// schema (an adult, a real date) before it is sent.
import { CompliancePersonalDataSchema, saveCompliancePersonalData, type Compliance } from '#core/contract/compliance.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';
import { FormAlert, FormField, SubmitButton } from '../identity/form-field.tsx';
import { useForm } from '../identity/use-form.ts';

export function PersonalDataForm({ compliance, onSaved }: { compliance: Compliance; onSaved: (next: Compliance) => void }) {
  const t = useComplianceT();
  const form = useForm(() => ({ ...compliance.personal_data }));
  return (
    <form
      className="auth-form kyc-form"
      noValidate
      aria-labelledby="kyc-personal-title"
      onSubmit={(event) =>
        form.submit(event, CompliancePersonalDataSchema, (values) => values, async (body) => {
          const result = await memberApi().call(saveCompliancePersonalData, { body });
          if (!result.ok) return result.error;
          onSaved(result.data);
          return null;
        })
      }
    >
      <h2 id="kyc-personal-title" className="panel__title">{t('personal.title')}</h2>
      <p className="panel__lead">{t('personal.lead')}</p>
      <FormAlert message={form.alert} />
      <div className="form-row">
        <FormField label={t('personal.firstName')} autoComplete="given-name" binding={form.field('first_name')} />
        <FormField label={t('personal.lastName')} autoComplete="family-name" binding={form.field('last_name')} />
      </div>
      <FormField label={t('personal.dateOfBirth')} type="date" autoComplete="bday" binding={form.field('date_of_birth')} />
      <SubmitButton busy={form.busy}>{t('personal.save')}</SubmitButton>
    </form>
  );
}
