// Add a wallet (POST /v1/users/createWallet): one coin from the ones not held yet, or every coin
// at once ({ multichain: true }). The call is idempotent on the server, so a double click adds
// nothing twice. The outcome is announced in a live region; the new wallet appears in the list
// when the balances refresh that follows lands.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CRYPTO_DISPLAY_NAMES, type CryptoAsset } from '#core/assets.ts';
import { createWallet } from '#core/contract/wallets.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { refreshBalancesNow } from '../../wallets/use-balances.ts';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';

export interface AddWalletFormProps {
  owner: string;
  available: readonly CryptoAsset[];
  /** Move focus to the picker when the page opens (the sidebar's "Add another wallet"). */
  focusOnMount?: boolean;
  /** Preselects this coin (the wallet page of a coin not held yet). */
  initial?: CryptoAsset;
  onAdded?: (coin: CryptoAsset | 'all') => void;
}

export function AddWalletForm({ owner, available, focusOnMount, initial, onAdded }: AddWalletFormProps) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const [coin, setCoin] = useState<string>(initial ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (focusOnMount) select.current?.focus();
  }, [focusOnMount]);

  const create = async (body: { symbol: CryptoAsset } | { multichain: true }) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    const result = await memberApi().call(createWallet, { body });
    if (result.ok) await refreshBalancesNow(owner);
    setBusy(false);
    if (!result.ok) {
      setProblem(walletsErrorText(result.error, locale));
      return;
    }
    const added = 'symbol' in body ? body.symbol : 'all';
    setDone('symbol' in body ? t('add.added', { coin: body.symbol }) : t('add.addedAll'));
    setCoin('');
    onAdded?.(added);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const picked = available.find((c) => c === coin);
    if (!picked) {
      setProblem(t('add.pick'));
      select.current?.focus();
      return;
    }
    void create({ symbol: picked });
  };

  const problemId = `${id}-problem`;
  return (
    <section className="panel add-wallet" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">{t('add.title')}</h2>
      <div role="status" aria-live="polite" className="add-wallet__status">
        {done ? <p className="form-alert form-alert--success">{done}</p> : null}
      </div>
      {available.length === 0 ? (
        <p className="panel__lead">{t('add.none')}</p>
      ) : (
        <form className="add-wallet__form" onSubmit={onSubmit} noValidate>
          <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-coin`}>{t('add.coin')}</label>
            <select
              ref={select}
              id={`${id}-coin`}
              className="form-field__input"
              value={coin}
              onChange={(event) => setCoin(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
            >
              <option value="">{t('add.choose')}</option>
              {available.map((c) => (
                <option key={c} value={c}>{`${c} · ${CRYPTO_DISPLAY_NAMES[c]}`}</option>
              ))}
            </select>
            {problem ? <p id={problemId} className="form-field__error" role="alert">{problem}</p> : null}
          </div>
          <div className="add-wallet__actions">
            <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('add.working') : t('add.submit')}</button>
            {available.length > 1 ? (
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void create({ multichain: true })}>
                {t('add.all')}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
