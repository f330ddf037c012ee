// Settlement info (spec §3 settlementInfo) through PATCH /users/updateSettlementInfo: checked with the
// contract schema before it is sent (the IBAN's check digits and the SWIFT/BIC format are core's
// rules), and the server's field errors shown on their fields.
import { useState } from 'react';
import { SettlementInfoSchema, updateSettlementInfo, type SettlementSettings } from '#core/contract/settlements.ts';
import { bicValid } from '#core/bic.ts';
import { formatIban, ibanChecksumValid } from '#core/iban.ts';
import { TEST_BANK_REJECTED_IBAN } from '#core/test-bank.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert, FormField } from '../../identity/form-field.tsx';
import { useForm } from '../../identity/use-form.ts';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';

export function SettlementInfoForm({ info, onSaved }: { info: SettlementSettings['settlement_info']; onSaved: () => void }) {
  const t = useSettlementsT();
  const [saved, setSaved] = useState(false);
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  const form = useForm(() => ({
    bank_iban: info ? formatIban(info.bank_iban) : '',
    bank_swift: info?.bank_swift ?? '',
    bank_name: info?.bank_name ?? '',
    bank_address: info?.bank_address ?? '',
    bank_company_name: info?.bank_company_name ?? '',
    bank_company_registered_address: info?.bank_company_registered_address ?? '',
  }));
  return (
    <form
      className="panel settlements-form"
      noValidate
      aria-labelledby="settlement-info-title"
      onSubmit={(event) => {
        setSaved(false);
        void form.submit(
          event,
          SettlementInfoSchema,
          (values) => values,
          async (body) => {
            const result = await memberApi().call(updateSettlementInfo, { body });
            if (!result.ok) return result.error;
            setSaved(true);
            onSaved();
            return null;
          },
          // Said in the page's language; the schema's own messages are the server's (English) words.
          (values): Record<string, string> => ({
            ...(values.bank_iban?.trim() && !ibanChecksumValid(values.bank_iban) ? { bank_iban: t('info.ibanChecksum') } : {}),
            ...(values.bank_swift?.trim() && !bicValid(values.bank_swift) ? { bank_swift: t('info.swiftInvalid') } : {}),
          }),
        );
      }}
    >
      <h2 id="settlement-info-title" className="panel__title">{t('info.title')}</h2>
      <p className="panel__lead">{t('info.lead')}</p>
      <FormAlert message={form.alert} />
      {saved ? <FormAlert tone="success" message={t('info.saved')} /> : null}
      <FormField label={t('info.company')} autoComplete="organization" binding={form.field('bank_company_name')} />
      <FormField label={t('info.companyAddress')} autoComplete="street-address" binding={form.field('bank_company_registered_address')} />
      <FormField label={t('info.iban')} hint={t('info.ibanHint')} autoComplete="off" spellCheck={false} binding={form.field('bank_iban')} />
      <FormField label={t('info.swift')} hint={t('info.swiftHint')} autoComplete="off" spellCheck={false} binding={form.field('bank_swift')} />
      <FormField label={t('info.bankName')} autoComplete="off" binding={form.field('bank_name')} />
      <FormField label={t('info.bankAddress')} autoComplete="off" binding={form.field('bank_address')} />
      {testMode ? <p className="panel__note">{t('info.testBank', { iban: formatIban(TEST_BANK_REJECTED_IBAN) })}</p> : null}
      <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>{t('info.save')}</button>
    </form>
  );
}
