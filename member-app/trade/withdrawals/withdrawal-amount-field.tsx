// The amount of a withdrawal, crypto or fiat alike: the field (with the available balance and Max)
// and, under it, what leaves the balance, the fee and what arrives.
import type { Asset } from '#core/assets.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { useAvailable } from '../../wallets/use-balances.ts';
import { AmountField } from '../form-kit/amount-field.tsx';
import { useAmountInput, type AmountInput } from '../form-kit/use-amount-input.ts';
import { withdrawalFee, withdrawalRules } from './withdrawal-amount.ts';
import { WithdrawalFigures } from './withdrawal-figures.tsx';
import { LimitLeftLine } from '../../limits/limit-left-line.tsx';

export interface WithdrawalAmount extends AmountInput {
  asset: Asset;
  available: bigint | undefined;
  fee: bigint;
}

export function useWithdrawalAmount(asset: Asset, fees: FeesAnswer | null): WithdrawalAmount {
  const available = useAvailable(asset);
  const input = useAmountInput(withdrawalRules(fees, asset, available));
  return { ...input, asset, available, fee: withdrawalFee(fees, asset) };
}

export function WithdrawalAmountField({ state, bank = false }: { state: WithdrawalAmount; bank?: boolean }) {
  const t = useTradeT();
  const locale = useBootStore((current) => current.locale);
  const { asset, check, fee, available } = state;
  const show = (minor: bigint) => formatDisplay(minor, asset, locale);
  return (
    <>
      <AmountField
        label={t('withdrawal.amount', { asset })}
        {...state.field}
        hint={available === undefined ? null : t('form.available', { amount: show(available) })}
        suffix={asset}
      />
      <LimitLeftLine operation={bank ? 'withdraw' : 'send'} />
      <WithdrawalFigures total={check.ok ? show(check.minor + fee) : null} fee={show(fee)} arrives={check.ok ? show(check.minor) : null} bank={bank} />
    </>
  );
}
