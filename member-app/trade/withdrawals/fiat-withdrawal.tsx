// Withdraw Fiat (spec §6 gate): to one of the member's bank accounts
// (GET /users/getUserBeneficiaries), or a new one added here (beneficiary-form.tsx); then the same
// code step as crypto, which repeats the figures and the bank account.
import { useState, type FormEvent } from 'react';
import type { AccountFiat } from '#core/assets.ts';
import { getUserBeneficiaries } from '#core/contract/withdrawals.ts';
import { type FeesAnswer } from '#core/contract/rates.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { AddBeneficiaryForm, BeneficiaryLine } from './beneficiary-form.tsx';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useApiData } from '../form-kit/use-api-data.ts';
import { useWithdrawal } from './use-withdrawal.ts';
import { withdrawalStageView } from './withdrawal-stage-view.tsx';
import { useWithdrawalAmount, WithdrawalAmountField } from './withdrawal-amount-field.tsx';

export function FiatWithdrawal({ currency, fees }: { currency: AccountFiat; fees: FeesAnswer | null }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const flow = useWithdrawal();
  const beneficiaries = useApiData(getUserBeneficiaries);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const list = beneficiaries.data?.beneficiaries ?? [];
  const beneficiary = list.find((item) => item.id === chosen) ?? list[0];
  const asset = beneficiary?.currency ?? currency;
  const amount = useWithdrawalAmount(asset, fees);
  const { check } = amount;

  const staged = withdrawalStageView(flow, amount.reset);
  if (staged) return staged;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    amount.reveal();
    if (!beneficiary) {
      setAlert(t('fiat.chooseAccount'));
      return;
    }
    if (!check.ok) return;
    setBusy(true);
    setAlert(null);
    const failure = await flow.start({ method: 'wire', currency: asset, amount: check.decimal, beneficiary_id: beneficiary.id }, { kind: 'bank', beneficiary });
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
          <WithdrawalAmountField state={amount} bank />
          <FormAlert message={alert} />
          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>{busy ? t('form.working') : t('withdrawal.submit')}</button>
        </form>
      ) : null}
    </div>
  );
}
