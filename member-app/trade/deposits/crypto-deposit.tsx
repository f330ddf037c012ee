// Deposit crypto: pick a coin, see its deposit address. A coin without a wallet
// gets one on request (POST /users/createWallet), because the address belongs to the wallet; the
// shared balances are refreshed at once, so the sidebar lists the new wallet too.
import { useState } from 'react';
import type { CryptoAsset } from '#core/assets.ts';
import { preferredCoin } from '#core/chain/coin-availability.ts';
import { createWallet } from '#core/contract/wallets.ts';
import { useBootStore, useCoinsOn } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { walletOf } from '../../wallets/available.ts';
import { refreshBalancesAfterChange, useBalancesStore } from '../../wallets/use-balances.ts';
import { CopyButton } from '../form-kit/copy-button.tsx';
import { CurrencySelect } from '../form-kit/currency-select.tsx';
import { tradeErrorText } from '../form-kit/trade-error.ts';

export function CryptoDeposit({ initial }: { initial: CryptoAsset }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  // Only coins whose chain is on: a deposit address of another would receive nothing we can see.
  const coinsOn = useCoinsOn();
  const [coin, setCoin] = useState<CryptoAsset>(() => (coinsOn.includes(initial) ? initial : (preferredCoin(coinsOn) ?? initial)));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const balances = useBalancesStore((state) => state.data);
  const wallet = walletOf(balances, coin);

  const addWallet = async () => {
    setBusy(true);
    setAlert(null);
    const result = await memberApi().call(createWallet, { body: { symbol: coin } });
    if (result.ok) await refreshBalancesAfterChange();
    else setAlert(tradeErrorText(result.error, locale));
    setBusy(false);
  };

  return (
    <div className="deposit-crypto">
      <CurrencySelect label={t('deposit.coin')} name="coin" value={coin} options={coinsOn} onChange={(asset) => setCoin(asset as CryptoAsset)} />
      <FormAlert message={alert} />
      {balances ? null : <p className="panel__note">{t('loading')}</p>}
      {balances && !wallet ? (
        <div className="empty-state">
          <p className="empty-state__body">{t('deposit.noWallet', { asset: coin })}</p>
          <button type="button" className="button button--primary" onClick={() => void addWallet()} disabled={busy} aria-busy={busy}>
            {t('deposit.addWallet', { asset: coin })}
          </button>
        </div>
      ) : null}
      {wallet?.address ? (
        <div className="deposit-address">
          <p className="form-field__label" id="deposit-address-label">{t('deposit.address', { asset: coin })}</p>
          <p className="deposit-address__value mono" aria-labelledby="deposit-address-label" data-testid="deposit-address">{wallet.address}</p>
          <CopyButton value={wallet.address} label={t('deposit.address', { asset: coin })} />
          <p className="panel__note">{t('deposit.addressNote', { asset: coin })}</p>
          {testMode ? <p className="panel__note"><span className="badge badge--test">{t('testNetwork')}</span> {t('deposit.testNetworkNote')}</p> : null}
          <Link href={`/wallets/${coin}`} className="button button--link">{t('deposit.openWallet', { asset: coin })}</Link>
        </div>
      ) : null}
    </div>
  );
}
