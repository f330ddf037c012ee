// The settlement policy (keep each coin, or convert it to the merchant's currency at settlement) and
// the payout schedule, through PATCH /users/settlementPolicy.
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_FIAT, type AccountFiat } from '#core/assets.ts';
import { PAYOUT_SCHEDULES, updateSettlementPolicy, type PayoutSchedule, type SettlementPolicy, type SettlementSettings } from '#core/contract/settlements.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';
import { settlementErrorText } from '../../settlements/settlement-error-text.ts';

export function SettlementPolicyForm({ settings, onSaved }: { settings: SettlementSettings; onSaved: () => void }) {
  const t = useSettlementsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [policy, setPolicy] = useState<SettlementPolicy>(settings.policy);
  const [currency, setCurrency] = useState<AccountFiat>(settings.fiat_currency);
  const [schedule, setSchedule] = useState<PayoutSchedule>(settings.schedule);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const result = await memberApi().call(updateSettlementPolicy, { body: { policy, fiat_currency: currency, schedule } });
    setBusy(false);
    if (!result.ok) {
      setMessage({ tone: 'error', text: settlementErrorText(result.error, locale) });
      return;
    }
    setMessage({ tone: 'success', text: t('policy.saved') });
    onSaved();
  };

  const scheduleLabel: Record<PayoutSchedule, string> = { off: t('policy.off'), daily: t('policy.daily'), weekly: t('policy.weekly') };
  return (
    <form className="panel settlements-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void save(event)}>
      <h2 id={`${id}-title`} className="panel__title">{t('policy.title')}</h2>
      <p className="panel__lead">{t('policy.lead')}</p>
      <FormAlert message={message?.text ?? null} tone={message?.tone ?? 'error'} />
      <fieldset className="settlements-choice">
        <legend className="form-field__label">{t('policy.legend')}</legend>
        {(['keep', 'convert'] as const).map((value) => (
          <label key={value} className="settlements-choice__option">
            <input type="radio" name={`${id}-policy`} value={value} checked={policy === value} onChange={() => setPolicy(value)} />
            <span>{value === 'keep' ? t('policy.keep') : t('policy.convert')}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-currency`}>{t('policy.currency')}</label>
        <select id={`${id}-currency`} className="form-field__input" value={currency} onChange={(event) => setCurrency(event.target.value as AccountFiat)}>
          {ACCOUNT_FIAT.map((fiat) => <option key={fiat} value={fiat}>{fiat}</option>)}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-schedule`}>{t('policy.schedule')}</label>
        <select id={`${id}-schedule`} className="form-field__input" value={schedule} onChange={(event) => setSchedule(event.target.value as PayoutSchedule)}>
          {PAYOUT_SCHEDULES.map((value) => <option key={value} value={value}>{scheduleLabel[value]}</option>)}
        </select>
      </div>
      <p className="panel__note">{t('policy.note')}</p>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{t('policy.save')}</button>
    </form>
  );
}
