// The 2-FA step of a withdrawal: the withdrawal waits as 2-FA Pending until the member enters the
// code we e-mailed; confirming reserves the funds. The step repeats what is being confirmed, from
// the server's record (what leaves, the fee, what arrives) and the address or bank account chosen,
// so the member confirms what they see. "Send a new code" mails a new code bound to this
// same withdrawal (the server's resend limits apply). Cancel asks the server to cancel it.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { walletMovement } from '#core/rules/wallet-movement.ts';
import { formatDisplay } from '#core/money-display.ts';
import { withdrawalCancel, withdrawalConfirm } from '#core/contract/withdrawals.ts';
import { OTP_RESEND_INTERVAL_S } from '#core/contract/verify.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useCountdown } from '../../identity/countdown.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { createAttemptKey, outcomeUnknown } from '../form-kit/attempt-key.ts';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useShowAmount } from '../form-kit/show-amount.ts';
import { useFocusOnMount } from '../form-kit/use-focus-on-mount.ts';
import { WithdrawalFigures, type Destination } from './withdrawal-figures.tsx';

export interface WithdrawalCodeStepProps {
  transaction: TransactionRecord;
  destination: Destination;
  sentTo: string;
  /** Mails a new code for this withdrawal. Answers the failure text or null. */
  resend: () => Promise<string | null>;
  onConfirmed: (transaction: TransactionRecord) => void;
  onCanceled: () => void;
}

export function WithdrawalCodeStep({ transaction, destination, sentTo, resend, onConfirmed, onCanceled }: WithdrawalCodeStepProps) {
  const t = useTradeT();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + OTP_RESEND_INTERVAL_S * 1000);
  const secondsLeft = useCountdown(resendAt);
  const attempt = useRef(createAttemptKey());
  const show = useShowAmount();
  const leaves = walletMovement(transaction, null);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) {
      setError(t('code.invalid'));
      return;
    }
    setError(null);
    setAlert(null);
    setBusy(true);
    const result = await memberApi().call(withdrawalConfirm, { body: { transaction_id: transaction.id, code: trimmed } }, { idempotencyKey: attempt.current.current() });
    setBusy(false);
    if (result.ok) {
      attempt.current.settle();
      onConfirmed(result.data.transaction);
      return;
    }
    if (!outcomeUnknown(result.status, result.error.code)) attempt.current.settle();
    const text = tradeErrorText(result.error, locale);
    if (result.error.code === 'invalid_code' || result.error.code === 'code_expired' || result.error.code === 'code_attempts_exceeded') setError(text);
    else setAlert(text);
  };

  const cancel = async () => {
    setBusy(true);
    setAlert(null);
    const result = await memberApi().call(withdrawalCancel, { body: { transaction_id: transaction.id } });
    setBusy(false);
    if (result.ok) onCanceled();
    else setAlert(tradeErrorText(result.error, locale));
  };

  const again = async () => {
    setBusy(true);
    setAlert(null);
    const failure = await resend();
    setBusy(false);
    if (failure) setAlert(failure);
    else {
      setCode('');
      setError(null);
      setNotice(t('code.resent'));
      setResendAt(Date.now() + OTP_RESEND_INTERVAL_S * 1000);
    }
  };

  return (
    <form className="withdrawal-code" noValidate onSubmit={(event) => void confirm(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title" tabIndex={-1} ref={headingRef}>{t('code.title')}</h2>
      <WithdrawalFigures
        total={leaves ? formatDisplay(leaves.minor, leaves.asset, locale) : null}
        fee={show(transaction.fee, transaction.fee_currency)}
        arrives={show(transaction.amount, transaction.currency_iso)}
        destination={destination}
        bank={destination.kind === 'bank'}
      />
      <p>{t('code.lead', { to: sentTo })}</p>
      <p className="panel__note">{t('code.pendingNote')}</p>
      <div className={`form-field form-field--code${error ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={`${id}-code`}>{t('code.label')}</label>
        <input
          id={`${id}-code`}
          name="code"
          className="form-field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="form-field__hint">{t('code.hint')}</p>
        {error ? <p id={`${id}-error`} className="form-field__error">{error}</p> : null}
      </div>
      <FormAlert message={alert} />
      <FormAlert tone="success" message={notice} />
      <div className="code-entry__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{t('code.confirm')}</button>
        <button type="button" className="button button--link" disabled={busy || secondsLeft > 0} onClick={() => void again()}>
          {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.resend')}
        </button>
        <button type="button" className="button button--link" disabled={busy} onClick={() => void cancel()}>{t('code.cancel')}</button>
      </div>
    </form>
  );
}
