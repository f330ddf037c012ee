// MODE=test only: a clearly labelled panel that sends test coins to this wallet's address on the
// built-in test network (POST /v1/test-network/pay), so a member can watch a deposit arrive:
// pending at once, approved once the test network has mined enough blocks.
import { useId, useState, type FormEvent } from 'react';
import type { CryptoAsset } from '#core/assets.ts';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import { payOnTestNetwork } from '#core/contract/test-network.ts';
import { parseAmount } from '#core/money.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';

export function TestNetworkPanel({ coin, address, onSent }: { coin: CryptoAsset; address: string; onSent: () => void }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [amount, setAmount] = useState('0.005');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const parsed = parseAmount(amount.trim(), coin);
    if (!parsed.ok || parsed.minor <= 0n) {
      setProblem(t('testnet.invalid'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const result = await memberApi().call(payOnTestNetwork, { body: { asset: coin, address, amount: parsed.decimal } });
    setBusy(false);
    if (!result.ok) {
      // A field message (the amount is too precise, too large) says more than the general one.
      setProblem(result.error.fields?.amount?.[0] ?? walletsErrorText(result.error, locale));
      return;
    }
    setSent(t('testnet.sent', { amount: formatDisplay(parsed.minor, coin, locale), txid: result.data.txid }));
    onSent();
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <section className="panel test-network" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        {t('testnet.title')} <span className="badge badge--test">{t('testnet.badge')}</span>
      </h2>
      <p className="panel__lead">{t('testnet.lead', { coin, blocks: requiredConfirmations(coin) })}</p>
      <form className="test-network__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={`${id}-amount`}>{t('testnet.amount', { coin })}</label>
          <input
            id={`${id}-amount`}
            className="form-field__input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          />
          <p id={hintId} className="form-field__hint">{t('testnet.amountHint')}</p>
          {problem ? <p id={errorId} className="form-field__error">{problem}</p> : null}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('testnet.sending') : t('testnet.send')}</button>
      </form>
      <div role="status" aria-live="polite">
        {sent ? <p className="form-alert form-alert--success test-network__sent">{sent}</p> : null}
      </div>
    </section>
  );
}
