// The amount of a withdrawal, crypto or fiat alike: the field (with the available balance, Max and
// its problem in words) and, under it, what leaves the balance, the fee and what arrives. The
// state lives in useWithdrawalAmount, so each form reads the checked amount when it submits.
import { useState } from 'react';
import type { Asset } from '#core/assets.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { useAvailable } from '../../wallets/use-balances.ts';
import { checkAmount, maxAmount, type AmountCheck } from '../form-kit/amount-check.ts';
import { AmountField } from '../form-kit/amount-field.tsx';
import { amountProblemText } from '../form-kit/amount-problem-text.ts';
import { withdrawalFee, withdrawalRules } from './withdrawal-amount.ts';
import { WithdrawalFigures } from './withdrawal-figures.tsx';

export interface WithdrawalAmount {
  asset: Asset;
  amount: string;
  check: AmountCheck;
  /** Show the amount's problem (after a submit, or once the member typed). */
  reveal(): void;
  /** Empty, with no problem shown: after a withdrawal, for the next one. */
  reset(): void;
  field: { amount: string; setAmount(value: string): void; showProblem: boolean; available: bigint | undefined; fee: bigint; canMax: boolean; max(): string };
}

export function useWithdrawalAmount(asset: Asset, fees: FeesAnswer | null): WithdrawalAmount {
  const [amount, setAmount] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const available = useAvailable(asset);
  const rules = withdrawalRules(fees, asset, available);
  const check = checkAmount(amount, rules);
  return {
    asset,
    amount,
    check,
    reveal: () => setShowProblem(true),
    reset: () => {
      setAmount('');
      setShowProblem(false);
    },
    field: { amount, setAmount, showProblem, available, fee: withdrawalFee(fees, asset), canMax: Boolean(rules.available), max: () => maxAmount(rules) },
  };
}

export function WithdrawalAmountField({ state, bank = false }: { state: WithdrawalAmount; bank?: boolean }) {
  const t = useTradeT();
  const locale = useBootStore((current) => current.locale);
  const { asset, check, field } = state;
  const show = (minor: bigint) => formatDisplay(minor, asset, locale);
  const type = (value: string) => {
    field.setAmount(value);
    state.reveal();
  };
  return (
    <>
      <AmountField
        label={t('withdrawal.amount', { asset })}
        value={field.amount}
        onChange={type}
        hint={field.available === undefined ? null : t('form.available', { amount: show(field.available) })}
        error={field.showProblem && !check.ok ? amountProblemText(check, asset, locale, t) : null}
        onMax={field.canMax ? () => type(field.max()) : null}
        suffix={asset}
      />
      <WithdrawalFigures total={check.ok ? show(check.minor + field.fee) : null} fee={show(field.fee)} arrives={check.ok ? show(check.minor) : null} bank={bank} />
    </>
  );
}
