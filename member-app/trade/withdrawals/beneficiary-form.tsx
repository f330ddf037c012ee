// A bank account to withdraw to: the line that names one (holder, bank, IBAN in groups of four,
// currency), and the form that adds one (POST /users/addBeneficiary), checked with the contract
// schema and the IBAN check digits before it is sent.
import type { AccountFiat } from '#core/assets.ts';
import { addBeneficiary, AddBeneficiarySchema, type Beneficiary } from '#core/contract/withdrawals.ts';
import { ibanChecksumValid, ibanShaped } from '#core/iban.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert, FormField } from '../../identity/form-field.tsx';
import { useForm } from '../../identity/use-form.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';

export function BeneficiaryLine({ beneficiary }: { beneficiary: Beneficiary }) {
  return (
    <span>
      <strong>{beneficiary.name}</strong> · {beneficiary.bank_name} · <span className="mono">{beneficiary.iban}</span> · {beneficiary.currency}
    </span>
  );
}

export function AddBeneficiaryForm({ currency, onAdded, onCancel }: { currency: AccountFiat; onAdded: (beneficiary: Beneficiary) => void; onCancel: (() => void) | null }) {
  const t = useTradeT();
  const form = useForm({ name: '', bank_name: '', iban: '', swift: '' });
  return (
    <form
      className="beneficiary-form"
      noValidate
      aria-labelledby="beneficiary-form-title"
      onSubmit={(event) =>
        form.submit(
          event,
          AddBeneficiarySchema,
          (values) => ({ ...values, currency }),
          async (body) => {
            const result = await memberApi().call(addBeneficiary, { body });
            if (!result.ok) return result.error;
            onAdded(result.data.beneficiary);
            return null;
          },
          // The schema names a malformed IBAN; only a well-formed one gets the check-digit message.
          (values): Record<string, string> => (ibanShaped(values.iban ?? '') && !ibanChecksumValid(values.iban ?? '') ? { iban: t('fiat.ibanChecksum') } : {}),
        )
      }
    >
      <h3 id="beneficiary-form-title" className="panel__title">{t('fiat.addTitle')}</h3>
      <FormAlert message={form.alert} />
      <FormField label={t('fiat.name')} autoComplete="name" binding={form.field('name')} />
      <FormField label={t('fiat.bankName')} autoComplete="off" binding={form.field('bank_name')} />
      <FormField label={t('fiat.iban')} hint={t('fiat.ibanHint')} autoComplete="off" spellCheck={false} binding={form.field('iban')} />
      <FormField label={t('fiat.swift')} hint={t('fiat.swiftHint')} autoComplete="off" spellCheck={false} binding={form.field('swift')} />
      <p className="panel__note">{t('fiat.currency', { currency })}</p>
      <div className="code-entry__actions">
        <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>{t('fiat.save')}</button>
        {onCancel ? <button type="button" className="button button--link" onClick={onCancel}>{t('code.cancel')}</button> : null}
      </div>
    </form>
  );
}
