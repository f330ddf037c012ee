// Withdraw Fiat (spec §6 gate): to one of the member's bank accounts
// (GET /users/getUserBeneficiaries), or a new one added here (POST /users/addBeneficiary, checked
// with the contract schema and the IBAN check digits); then the same code step as crypto.
import { useState, type FormEvent } from 'react';
import type { AccountFiat } from '#core/assets.ts';
import { addBeneficiary, AddBeneficiarySchema, getUserBeneficiaries, type Beneficiary } from '#core/contract/withdrawals.ts';
import { type BalancesAnswer } from '#core/contract/wallets.ts';
import { type FeesAnswer } from '#core/contract/rates.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert, FormField } from '../identity/form-field.tsx';
import { useForm } from '../identity/use-form.ts';
import { useTradeT } from '../i18n/use-trade-t.ts';
import { checkAmount, maxAmount } from './amount-check.ts';
import { AmountField } from './amount-field.tsx';
import { amountProblemText } from './amount-problem-text.ts';
import { availableMinor } from './balances.ts';
import { WithdrawalSummary } from './crypto-withdrawal.tsx';
import { ibanChecksumValid, ibanShaped } from '#core/iban.ts';
import { tradeErrorText } from './trade-error.ts';
import { useApiData } from './use-api-data.ts';
import { useWithdrawal } from './use-withdrawal.ts';
import { withdrawalStageView } from './withdrawal-stage-view.tsx';
import { withdrawalFee, withdrawalRules } from './withdrawal-amount.ts';

export function FiatWithdrawal({ currency, fees, balances, onChanged }: { currency: AccountFiat; fees: FeesAnswer | null; balances: BalancesAnswer | null; onChanged: () => void }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const flow = useWithdrawal(onChanged);
  const beneficiaries = useApiData(getUserBeneficiaries);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const list = beneficiaries.data?.beneficiaries ?? [];
  const beneficiary = list.find((item) => item.id === chosen) ?? list[0];
  const asset = beneficiary?.currency ?? currency;
  const available = availableMinor(balances, asset);
  const rules = withdrawalRules(fees, asset, available);
  const fee = withdrawalFee(fees, asset);
  const check = checkAmount(amount, rules);

  const staged = withdrawalStageView(flow, () => {
    setAmount('');
    setShowProblem(false);
  });
  if (staged) return staged;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowProblem(true);
    if (!beneficiary) {
      setAlert(t('fiat.chooseAccount'));
      return;
    }
    if (!check.ok) return;
    setBusy(true);
    setAlert(null);
    const failure = await flow.start({ method: 'wire', currency: asset, amount: check.decimal, beneficiary_id: beneficiary.id });
    setBusy(false);
    if (failure) setAlert(tradeErrorText(failure, locale));
  };

  return (
    <div className="withdrawal-fiat">
      <h2 className="panel__title">{t('fiat.title')}</h2>
      {beneficiaries.state === 'error' ? <FormAlert message={tradeErrorText(beneficiaries.error, locale)} /> : null}
      {list.length > 0 ? (
        <fieldset className="card-choice">
          <legend className="form-field__label">{t('fiat.account')}</legend>
          {list.map((item) => (
            <label key={item.id} className="card-choice__option">
              <input type="radio" name="beneficiary" value={item.id} checked={beneficiary?.id === item.id} onChange={() => setChosen(item.id)} />
              <BeneficiaryLine beneficiary={item} />
            </label>
          ))}
        </fieldset>
      ) : beneficiaries.state === 'ready' ? (
        <p className="panel__note">{t('fiat.noAccounts')}</p>
      ) : null}
      {adding || (beneficiaries.state === 'ready' && list.length === 0) ? (
        <AddBeneficiaryForm
          currency={currency}
          onAdded={(added) => {
            setAdding(false);
            setChosen(added.id);
            beneficiaries.reload();
          }}
          onCancel={list.length > 0 ? () => setAdding(false) : null}
        />
      ) : (
        <button type="button" className="button button--link" onClick={() => setAdding(true)}>{t('fiat.add')}</button>
      )}
      {beneficiary ? (
        <form className="withdrawal-form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('fiat.title')}>
          <AmountField
            label={t('withdrawal.amount', { asset })}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setShowProblem(true);
            }}
            hint={available === undefined ? null : t('form.available', { amount: formatDisplay(available, asset, locale) })}
            error={showProblem && !check.ok ? amountProblemText(check, asset, locale, t) : null}
            onMax={rules.available ? () => { setAmount(maxAmount(rules)); setShowProblem(true); } : null}
            suffix={asset}
          />
          <WithdrawalSummary fee={formatDisplay(fee, asset, locale)} arrives={check.ok ? formatDisplay(check.minor, asset, locale) : null} total={check.ok ? formatDisplay(check.minor + fee, asset, locale) : null} bank />
          <FormAlert message={alert} />
          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>{busy ? t('form.working') : t('withdrawal.submit')}</button>
        </form>
      ) : null}
    </div>
  );
}

function BeneficiaryLine({ beneficiary }: { beneficiary: Beneficiary }) {
  return (
    <span>
      <strong>{beneficiary.name}</strong> · {beneficiary.bank_name} · <span className="mono">{beneficiary.iban}</span> · {beneficiary.currency}
    </span>
  );
}

function AddBeneficiaryForm({ currency, onAdded, onCancel }: { currency: AccountFiat; onAdded: (beneficiary: Beneficiary) => void; onCancel: (() => void) | null }) {
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
