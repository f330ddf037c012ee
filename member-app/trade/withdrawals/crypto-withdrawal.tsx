// Withdraw crypto: coin, address, amount; what leaves the balance, the network fee and what
// arrives; then the code step, which shows them again with the address.
import { useState, type FormEvent } from 'react';
import { CRYPTO, isCrypto, type CryptoAsset } from '#core/assets.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { useAvailable } from '../../wallets/use-balances.ts';
import { checkAmount, maxAmount } from '../form-kit/amount-check.ts';
import { AmountField } from '../form-kit/amount-field.tsx';
import { amountProblemText } from '../form-kit/amount-problem-text.ts';
import { CurrencySelect } from '../form-kit/currency-select.tsx';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useWithdrawal } from './use-withdrawal.ts';
import { withdrawalStageView } from './withdrawal-stage-view.tsx';
import { withdrawalFee, withdrawalRules } from './withdrawal-amount.ts';
import { TextField } from '../form-kit/text-field.tsx';
import { WithdrawalFigures } from './withdrawal-figures.tsx';

export function CryptoWithdrawal({ initial, fees }: { initial: string | null; fees: FeesAnswer | null }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const flow = useWithdrawal();
  const [coin, setCoin] = useState<CryptoAsset>(isCrypto(initial) ? initial : 'BTC');
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const available = useAvailable(coin);
  const rules = withdrawalRules(fees, coin, available);
  const fee = withdrawalFee(fees, coin);
  const check = checkAmount(amount, rules);

  const staged = withdrawalStageView(flow, () => {
    setAmount('');
    setShowProblem(false);
  });
  if (staged) return staged;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowProblem(true);
    const trimmed = address.trim();
    setAddressError(trimmed === '' ? t('withdrawal.addressRequired') : null);
    if (!check.ok || trimmed === '') return;
    setBusy(true);
    setAlert(null);
    const failure = await flow.start({ method: 'crypto', currency: coin, amount: check.decimal, address: trimmed }, { kind: 'address', address: trimmed });
    setBusy(false);
    if (failure) {
      if (failure.code === 'address_invalid') setAddressError(tradeErrorText(failure, locale));
      else setAlert(tradeErrorText(failure, locale));
    }
  };

  return (
    <form className="withdrawal-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="withdraw-crypto-title">
      <h2 id="withdraw-crypto-title" className="panel__title">{t('withdrawal.cryptoTitle')}</h2>
      <CurrencySelect label={t('deposit.coin')} name="coin" value={coin} options={CRYPTO} onChange={(asset) => setCoin(asset as CryptoAsset)} />
      <TextField label={t('withdrawal.address', { asset: coin })} name="address" value={address} onChange={(value) => { setAddress(value); setAddressError(null); }} error={addressError} hint={t('withdrawal.addressHint', { asset: coin })} />
      <AmountField
        label={t('withdrawal.amount', { asset: coin })}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setShowProblem(true);
        }}
        hint={available === undefined ? null : t('form.available', { amount: formatDisplay(available, coin, locale) })}
        error={showProblem && !check.ok ? amountProblemText(check, coin, locale, t) : null}
        onMax={rules.available ? () => { setAmount(maxAmount(rules)); setShowProblem(true); } : null}
        suffix={coin}
      />
      <WithdrawalFigures total={check.ok ? formatDisplay(check.minor + fee, coin, locale) : null} fee={formatDisplay(fee, coin, locale)} arrives={check.ok ? formatDisplay(check.minor, coin, locale) : null} />
      <FormAlert message={alert} />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>{busy ? t('form.working') : t('withdrawal.submit')}</button>
    </form>
  );
}
