// Withdraw crypto: coin, address, amount; what leaves the balance, the network fee and what
// arrives; then the code step, which shows them again with the address.
import { useState, type FormEvent } from 'react';
import { isCrypto, type CryptoAsset } from '#core/assets.ts';
import { preferredCoin } from '#core/chain/coin-availability.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { useBootStore, useCoinsOn } from '#ui/boot/boot-store.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { CurrencySelect } from '../form-kit/currency-select.tsx';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useWithdrawal } from './use-withdrawal.ts';
import { withdrawalStageView } from './withdrawal-stage-view.tsx';
import { useWithdrawalAmount, WithdrawalAmountField } from './withdrawal-amount-field.tsx';
import { TextField } from '../form-kit/text-field.tsx';

export function CryptoWithdrawal({ initial, fees }: { initial: string | null; fees: FeesAnswer | null }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const flow = useWithdrawal();
  // Only coins whose chain is on can be sent; a balance in another stays held (and convertible).
  const coinsOn = useCoinsOn();
  const [coin, setCoin] = useState<CryptoAsset>(() => (isCrypto(initial) && coinsOn.includes(initial) ? initial : (preferredCoin(coinsOn) ?? 'BTC')));
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const amount = useWithdrawalAmount(coin, fees);
  const { check } = amount;

  const staged = withdrawalStageView(flow, amount.reset);
  if (staged) return staged;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    amount.reveal();
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
      <CurrencySelect label={t('deposit.coin')} name="coin" value={coin} options={coinsOn} onChange={(asset) => setCoin(asset as CryptoAsset)} />
      <TextField label={t('withdrawal.address', { asset: coin })} name="address" value={address} onChange={(value) => { setAddress(value); setAddressError(null); }} error={addressError} hint={t('withdrawal.addressHint', { asset: coin })} />
      <WithdrawalAmountField state={amount} />
      <FormAlert message={alert} />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>{busy ? t('form.working') : t('withdrawal.submit')}</button>
    </form>
  );
}
