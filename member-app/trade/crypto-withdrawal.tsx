// Withdraw crypto: coin, address, amount; the network fee and what arrives; then
// the code step.
import { useState, type FormEvent } from 'react';
import { CRYPTO, isCrypto, type CryptoAsset } from '#core/assets.ts';
import type { BalancesAnswer } from '#core/contract/wallets.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { FormAlert } from '../identity/form-field.tsx';
import { useTradeT } from '../i18n/use-trade-t.ts';
import { checkAmount, maxAmount } from './amount-check.ts';
import { AmountField } from './amount-field.tsx';
import { amountProblemText } from './amount-problem-text.ts';
import { availableMinor } from './balances.ts';
import { CurrencySelect } from './currency-select.tsx';
import { tradeErrorText } from './trade-error.ts';
import { useWithdrawal } from './use-withdrawal.ts';
import { withdrawalStageView } from './withdrawal-stage-view.tsx';
import { withdrawalFee, withdrawalRules } from './withdrawal-amount.ts';
import { TextField } from './text-field.tsx';

export function CryptoWithdrawal({ initial, fees, balances, onChanged }: { initial: string | null; fees: FeesAnswer | null; balances: BalancesAnswer | null; onChanged: () => void }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const flow = useWithdrawal(onChanged);
  const [coin, setCoin] = useState<CryptoAsset>(isCrypto(initial) ? initial : 'BTC');
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const available = availableMinor(balances, coin);
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
    const failure = await flow.start({ method: 'crypto', currency: coin, amount: check.decimal, address: trimmed });
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
      <WithdrawalSummary fee={formatDisplay(fee, coin, locale)} arrives={check.ok ? formatDisplay(check.minor, coin, locale) : null} total={check.ok ? formatDisplay(check.minor + fee, coin, locale) : null} />
      <FormAlert message={alert} />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>{busy ? t('form.working') : t('withdrawal.submit')}</button>
    </form>
  );
}

export function WithdrawalSummary({ fee, arrives, total, bank = false }: { fee: string; arrives: string | null; total: string | null; bank?: boolean }) {
  const t = useTradeT();
  return (
    <dl className="withdrawal-summary" aria-live="polite">
      <div>
        <dt>{bank ? t('withdrawal.bankFee') : t('withdrawal.fee')}</dt>
        <dd data-testid="withdrawal-fee">{fee}</dd>
      </div>
      <div>
        <dt>{t('withdrawal.arrives')}</dt>
        <dd>{arrives ?? '—'}</dd>
      </div>
      <div>
        <dt>{t('withdrawal.total')}</dt>
        <dd>{total ?? '—'}</dd>
      </div>
    </dl>
  );
}
