// The onboarding form of /sys-admin/merchants: business, owner, settlement policy and an optional own fee,
// checked with the contract's schema before it is sent. `onDone` gets the answer, whose secret key the
// page shows once.
import { useId } from 'react';
import { onboardAdminMerchant, OnboardMerchantSchema, type OnboardedMerchant } from '#core/contract/admin-merchants.ts';
import { ACCOUNT_FIAT } from '#core/assets.ts';
import { PAYOUT_SCHEDULES, SETTLEMENT_POLICIES } from '#core/contract/settlements.ts';
import { adminApi } from '../admin-api.ts';
import { FormAlert, FormField } from '../../identity/form-field.tsx';
import { useForm, type Values } from '../../identity/use-form.ts';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';

const START: Values = { business_name: '', merchant_id: '', email: '', first_name: '', last_name: '', mobile: '', policy: 'keep', fiat_currency: 'EUR', schedule: 'off', fee_bps: '' };

/** Empty optional fields are left out (merchant id) or null (fee: the provider default); the fee is sent as a number. */
export function onboardInput(values: Values): unknown {
  const { merchant_id: merchantId, fee_bps: fee, ...rest } = values;
  const trimmedFee = (fee ?? '').trim();
  return {
    ...rest,
    ...(merchantId?.trim() ? { merchant_id: merchantId.trim() } : {}),
    fee_bps: trimmedFee === '' ? null : /^\d+$/.test(trimmedFee) ? Number(trimmedFee) : trimmedFee,
  };
}

export function OnboardForm({ onDone, onCancel }: { onDone: (answer: OnboardedMerchant) => void; onCancel: () => void }) {
  const t = useAdminMerchantsT();
  const form = useForm(START);
  const id = useId();
  const select = (name: string, label: string, options: readonly string[], text: (option: string) => string) => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} className="form-field__input" value={form.values[name]} onChange={(event) => form.set(name, event.target.value)}>
        {options.map((option) => <option key={option} value={option}>{text(option)}</option>)}
      </select>
    </div>
  );
  const send = async (input: unknown) => {
    const answer = await adminApi().call(onboardAdminMerchant, { body: input as never });
    if (!answer.ok) return answer.error;
    onDone(answer.data);
    return null;
  };
  return (
    <form className="panel admin-merchants__onboard" noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void form.submit(event, OnboardMerchantSchema, onboardInput, send)} aria-busy={form.busy || undefined}>
      <h2 id={`${id}-title`} className="panel__title">{t('merchants.onboardTitle')}</h2>
      <p className="panel__lead">{t('merchants.onboardLead')}</p>
      <FormAlert message={form.alert} />
      <div className="admin-merchants__pair">
        <FormField label={t('merchants.business')} binding={form.field('business_name')} autoComplete="organization" />
        <FormField label={t('merchants.merchantId')} hint={t('merchants.merchantIdHint')} binding={form.field('merchant_id')} autoComplete="off" spellCheck={false} />
        <FormField label={t('merchants.firstName')} binding={form.field('first_name')} autoComplete="off" />
        <FormField label={t('merchants.lastName')} binding={form.field('last_name')} autoComplete="off" />
        <FormField label={t('merchants.ownerEmail')} type="email" binding={form.field('email')} autoComplete="off" />
        <FormField label={t('merchants.mobile')} type="tel" binding={form.field('mobile')} autoComplete="off" />
        {select('policy', t('merchants.policy'), SETTLEMENT_POLICIES, (option) => t(`merchants.policy.${option as 'keep' | 'convert'}`))}
        {select('fiat_currency', t('merchants.fiat'), ACCOUNT_FIAT, (option) => option)}
        {select('schedule', t('merchants.schedule'), PAYOUT_SCHEDULES, (option) => t(`merchants.schedule.${option as 'off' | 'daily' | 'weekly'}`))}
        <FormField label={t('merchants.ownFee')} hint={t('merchants.ownFeeHint')} inputMode="numeric" binding={form.field('fee_bps')} autoComplete="off" />
      </div>
      <div className="whitelabel-editor__actions">
        <button type="submit" className="button button--primary" disabled={form.busy}>{form.busy ? t('merchants.onboarding') : t('merchants.onboard')}</button>
        <button type="button" className="button button--secondary" onClick={onCancel}>{t('merchants.cancel')}</button>
      </div>
    </form>
  );
}
