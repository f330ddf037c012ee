// Withdraw Fiat (spec §6 gate): to one of the member's bank accounts
// (GET /users/getUserBeneficiaries), or a new one added here (beneficiary-form.tsx); then the same
// code step as crypto, which repeats the figures and the bank account.
import { useState, type FormEvent } from 'react';
import type { AccountFiat } from '#core/assets.ts';
import { getUserBeneficiaries } from '#core/contract/withdrawals.ts';
import { type FeesAnswer } from '#core/contract/rates.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { useAvailable } from '../../wallets/use-balances.ts';
import { checkAmount, maxAmount } from '../form-kit/amount-check.ts';
import { AmountField } from '../form-kit/amount-field.tsx';
import { amountProblemText } from '../form-kit/amount-problem-text.ts';
import { AddBeneficiaryForm, BeneficiaryLine } from './beneficiary-form.tsx';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useApiData } from '../form-kit/use-api-data.ts';
import { useWithdrawal } from './use-withdrawal.ts';
import { withdrawalStageView } from './withdrawal-stage-view.tsx';
import { withdrawalFee, withdrawalRules } from './withdrawal-amount.ts';
import { WithdrawalFigures } from './withdrawal-figures.tsx';

export function FiatWithdrawal({ currency, fees }: { currency: AccountFiat; fees: FeesAnswer | null }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const flow = useWithdrawal();
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
  const available = useAvailable(asset);
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
          <WithdrawalFigures total={check.ok ? formatDisplay(check.minor + fee, asset, locale) : null} fee={formatDisplay(fee, asset, locale)} arrives={check.ok ? formatDisplay(check.minor, asset, locale) : null} bank />
          <FormAlert message={alert} />
          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>{busy ? t('form.working') : t('withdrawal.submit')}</button>
        </form>
      ) : null}
    </div>
  );
}
