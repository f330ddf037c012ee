// The merchant's decisions on one payment that was overpaid, underpaid, late or invalid, for the payment
// detail of the merchant transactions page: Accept (credit what was received, once, after a step that
// repeats what is credited) and Refund (an amount up to the maximum the server states, the buyer's
// optional e-mail, a confirmation step repeating amount and coin), then the refunds made with their state
// and claim link. Every figure comes from the server (GET merchant/payments/refunds), never recomputed
// here; each money call carries its attempt's Idempotency-Key.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { parseAmount } from '#core/money.ts';
import type { CryptoAsset } from '#core/assets.ts';
import { acceptPayment, createRefund, listRefunds, sendRefundLink, type CreatedRefund, type PaymentRefunds, type RefundRecord } from '#core/contract/refunds.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useRefundsT } from '../../i18n/use-refunds-t.ts';
import { createAttemptKey } from '../../trade/form-kit/attempt-key.ts';
import { CopyButton } from '../../trade/form-kit/copy-button.tsx';
import { TextField } from '../../trade/form-kit/text-field.tsx';
import { refundErrorText } from '../refund/refund-error-text.ts';
import { CoinMark } from '../wallets/coin-mark.tsx';

export interface PaymentActionsProps {
  paymentId: string;
  status: string;
  exception: string | null;
  onChanged: () => void;
}

/** Only a payment at rest with an exception (or invalid) has anything to decide (core/payments/refund-rules.ts). */
export function mayDecide(status: string, exception: string | null): boolean {
  return status === 'invalid' || (status === 'settled' && exception !== null);
}

type Step = 'idle' | 'accept' | 'refund' | 'confirm';

export function PaymentActions(props: PaymentActionsProps) {
  if (!mayDecide(props.status, props.exception)) return null;
  return <PaymentActionsPanel {...props} />;
}

function PaymentActionsPanel({ paymentId, onChanged }: PaymentActionsProps) {
  const t = useRefundsT();
  const locale = useBootStore((state) => state.locale);
  const [data, setData] = useState<PaymentRefunds | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedRefund | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    const result = await memberApi().call(listRefunds, { query: { transaction_id: paymentId } });
    if (result.ok) setData(result.data);
    else setLoadError(result.error);
  }, [paymentId]);

  useEffect(() => {
    void load();
  }, [load]);

  const changed = () => {
    void load();
    onChanged();
  };

  if (loadError && !data) {
    return (
      <section className="payment-actions" aria-labelledby="payment-actions-title">
        <h2 id="payment-actions-title" className="panel__title">{t('actions.title')}</h2>
        <p className="form-alert form-alert--error" role="alert">{t('actions.loadFailed')} {refundErrorText(loadError, locale)}</p>
        <button type="button" className="button button--secondary" onClick={() => void load()}>{t('actions.retry')}</button>
      </section>
    );
  }
  if (!data) return <LoadingState label={t('actions.loading')} />;
  const coin = data.currency;

  return (
    <section className="payment-actions" aria-labelledby="payment-actions-title" data-testid="payment-actions">
      <h2 id="payment-actions-title" className="panel__title">{t('actions.title')}</h2>
      {coin ? (
        <dl className="withdrawal-summary">
          {data.amount_due ? <Figure term={t('actions.due')} value={`${data.amount_due} ${coin}`} /> : null}
          <Figure term={t('actions.received')} value={`${data.received} ${coin}`} testId="actions-received" coin={coin} />
          <Figure term={t('actions.refunded')} value={`${data.refunded} ${coin}`} testId="actions-refunded" />
        </dl>
      ) : null}
      {notice ? <p className="form-alert form-alert--success" role="status">{notice}</p> : null}
      {created ? <CreatedNotice created={created} /> : null}
      {step === 'idle' && coin && (data.can_accept || data.can_refund) ? (
        <div className="payment-actions__buttons">
          {data.can_accept ? (
            <button type="button" className="button button--primary" onClick={() => { setNotice(null); setCreated(null); setStep('accept'); }}>{t('actions.accept')}</button>
          ) : null}
          {data.can_refund ? (
            <button type="button" className="button button--secondary" onClick={() => { setNotice(null); setCreated(null); setStep('refund'); }}>{t('actions.refund')}</button>
          ) : null}
        </div>
      ) : null}
      {step === 'idle' && !data.can_accept && !data.can_refund && data.refunds.length === 0 ? <p>{t('actions.none')}</p> : null}
      {step === 'accept' && coin ? (
        <AcceptStep
          data={data}
          coin={coin}
          onCancel={() => setStep('idle')}
          onDone={(credit) => {
            setStep('idle');
            setNotice(t('actions.acceptDone', { credit, coin }));
            changed();
          }}
        />
      ) : null}
      {(step === 'refund' || step === 'confirm') && coin ? (
        <RefundStep
          data={data}
          coin={coin}
          step={step}
          onStep={setStep}
          onDone={(refund) => {
            setStep('idle');
            setCreated(refund);
            changed();
          }}
        />
      ) : null}
      <RefundList refunds={data.refunds} onChanged={() => void load()} />
    </section>
  );
}

function Figure({ term, value, testId, coin }: { term: string; value: string; testId?: string; coin?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>
        {coin ? (
          <span className="refund-claim__coin"><CoinMark coin={coin} /> {value}</span>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function AcceptStep({ data, coin, onCancel, onDone }: { data: PaymentRefunds; coin: string; onCancel: () => void; onDone: (credit: string) => void }) {
  const t = useRefundsT();
  const locale = useBootStore((state) => state.locale);
  const key = useRef(createAttemptKey());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const result = await memberApi().call(acceptPayment, { body: { transaction_id: data.transaction_token } }, { idempotencyKey: key.current.current() });
    setBusy(false);
    if (result.ok || result.error.code !== 'network_error') key.current.settle();
    // What this accept credited: the figure the merchant confirmed (the answer's `credited` is the payment's total).
    if (result.ok) onDone(data.accept_credit);
    else setFailure(refundErrorText(result.error, locale));
  };
  return (
    <div className="payment-actions__panel" role="group" aria-labelledby="accept-lead">
      <p id="accept-lead">{t('actions.acceptLead', { credit: data.accept_credit, fee: data.accept_fee, coin })}</p>
      {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
      <div className="payment-actions__buttons">
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
          {t('actions.acceptConfirm', { credit: data.accept_credit, coin })}
        </button>
        <button type="button" className="button button--link" onClick={onCancel}>{t('actions.cancel')}</button>
      </div>
    </div>
  );
}

function RefundStep({ data, coin, step, onStep, onDone }: { data: PaymentRefunds; coin: CryptoAsset; step: Step; onStep: (step: Step) => void; onDone: (refund: CreatedRefund) => void }) {
  const t = useRefundsT();
  const locale = useBootStore((state) => state.locale);
  const amountId = useId();
  const key = useRef(createAttemptKey());
  const [amount, setAmount] = useState(data.default_refund !== '0.00000000' ? data.default_refund : data.max_refund);
  const [email, setEmail] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const checked = parseAmount(amount.trim(), coin);
  const max = parseAmount(data.max_refund, coin);
  const amountOk = checked.ok && max.ok && checked.minor > 0n && checked.minor <= max.minor;
  const shown = checked.ok ? checked.decimal : amount;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!amountOk) {
      setAmountError(t('refund.amountInvalid', { amount: data.max_refund, coin }));
      return;
    }
    setAmountError(null);
    onStep('confirm');
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const body = { transaction_id: data.transaction_token, amount: shown, lang: locale, ...(email.trim() ? { buyer_email: email.trim() } : {}) };
    const result = await memberApi().call(createRefund, { body }, { idempotencyKey: key.current.current() });
    setBusy(false);
    if (result.ok || result.error.code !== 'network_error') key.current.settle();
    if (result.ok) {
      onDone(result.data);
      return;
    }
    const fields = result.error.fields ?? {};
    if (fields.amount?.[0] || fields.buyer_email?.[0]) {
      setAmountError(fields.amount?.[0] ?? null);
      setEmailError(fields.buyer_email?.[0] ?? null);
      onStep('refund');
      return;
    }
    setFailure(refundErrorText(result.error, locale));
  };

  if (step === 'confirm') {
    return (
      <div className="payment-actions__panel" role="group" aria-labelledby="refund-confirm-title">
        <h3 id="refund-confirm-title" className="panel__title">{t('refund.confirmTitle')}</h3>
        <p>{t('refund.confirmLead', { amount: shown, coin })}</p>
        <dl className="withdrawal-summary">
          <Figure term={t('refund.leaves')} value={`${shown} ${coin}`} testId="refund-confirm-amount" coin={coin} />
          <Figure term={t('refund.fee')} value={`${data.network_fee} ${coin}`} />
          <Figure term={t('refund.to')} value={email.trim() || t('refund.toYou')} />
        </dl>
        <p className="form-field__hint">{t('refund.feeRule', { amount: data.network_fee, coin })}</p>
        {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
        <div className="payment-actions__buttons">
          <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
            {t('refund.confirm', { amount: shown, coin })}
          </button>
          <button type="button" className="button button--link" onClick={() => onStep('refund')}>{t('refund.back')}</button>
        </div>
      </div>
    );
  }

  return (
    <form className="payment-actions__panel" onSubmit={review} noValidate aria-labelledby="refund-title">
      <h3 id="refund-title" className="panel__title">{t('refund.title')}</h3>
      <div className={`form-field${amountError ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={amountId}>{t('refund.amount', { coin })}</label>
        <input
          id={amountId}
          name="amount"
          className="form-field__input"
          inputMode="decimal"
          value={amount}
          autoComplete="off"
          onChange={(event) => {
            setAmount(event.target.value);
            setAmountError(null);
          }}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={`${amountId}-max${amountError ? ` ${amountId}-error` : ''}`}
        />
        <p id={`${amountId}-max`} className="form-field__hint">
          {t('refund.max', { amount: data.max_refund, coin })}{' '}
          <button type="button" className="button button--link button--small" onClick={() => setAmount(data.max_refund)}>{t('refund.useMax')}</button>
        </p>
        {amountError ? <p id={`${amountId}-error`} className="form-field__error">{amountError}</p> : null}
      </div>
      <TextField label={t('refund.email')} name="buyer_email" value={email} onChange={setEmail} error={emailError} hint={t('refund.emailHint')} autoComplete="email" maxLength={254} />
      <p className="form-field__hint">{t('refund.feeRule', { amount: data.network_fee, coin })}</p>
      <div className="payment-actions__buttons">
        <button type="submit" className="button button--primary">{t('refund.review')}</button>
        <button type="button" className="button button--link" onClick={() => onStep('idle')}>{t('actions.cancel')}</button>
      </div>
    </form>
  );
}

function CreatedNotice({ created }: { created: CreatedRefund }) {
  const t = useRefundsT();
  return (
    <div className="form-alert form-alert--success" role="status">
      <p>{t('refund.created')}</p>
      {created.claim_url ? <p className="mono payment-actions__link" data-testid="created-claim-url">{created.claim_url}</p> : null}
      {created.mailed && created.buyer_email ? <p>{t('refund.mailed', { email: created.buyer_email })}</p> : null}
    </div>
  );
}

function RefundList({ refunds, onChanged }: { refunds: readonly RefundRecord[]; onChanged: () => void }) {
  const t = useRefundsT();
  return (
    <section aria-labelledby="refund-list-title">
      <h3 id="refund-list-title" className="panel__title">{t('list.title')}</h3>
      {refunds.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className="payment-actions__refunds">
          {refunds.map((refund) => (
            <RefundItem key={refund.refund_id} refund={refund} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RefundItem({ refund, onChanged }: { refund: RefundRecord; onChanged: () => void }) {
  const t = useRefundsT();
  const locale = useBootStore((state) => state.locale);
  const [sending, setSending] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await memberApi().call(sendRefundLink, { body: { refund_id: refund.refund_id, buyer_email: email.trim(), lang: locale } });
    if (!result.ok) {
      setError(result.error.fields?.buyer_email?.[0] ?? refundErrorText(result.error, locale));
      return;
    }
    setSent(t('list.sent', { email: result.data.buyer_email ?? email }));
    setSending(false);
    onChanged();
  };
  return (
    <li className="payment-actions__refund" data-testid="refund-item">
      <div className="payment-actions__refund-head">
        <strong>{refund.amount} {refund.currency}</strong>
        <span data-testid="refund-status">{t(`list.status.${refund.status}`)}</span>
      </div>
      {refund.claim_url ? (
        <div>
          <p className="form-field__label">{t('list.link')}</p>
          <p className="mono payment-actions__link">{refund.claim_url}</p>
          <CopyButton value={refund.claim_url} label={t('list.copyWhat')} />
          <p className="form-field__hint">{t('list.expires')}: {new Date(refund.claim_expires_at).toLocaleDateString(locale, { dateStyle: 'long' })}</p>
        </div>
      ) : null}
      {refund.txid ? (
        <dl className="facts">
          <div>
            <dt>{t('list.address')}</dt>
            <dd className="mono payment-actions__link">{refund.address}</dd>
          </div>
          <div>
            <dt>{t('list.txid')}</dt>
            <dd className="mono payment-actions__link">{refund.txid}</dd>
          </div>
        </dl>
      ) : null}
      {sent ? <p role="status">{sent}</p> : null}
      {refund.status === 'claimable' && !sending ? (
        <button type="button" className="button button--link button--small" onClick={() => setSending(true)}>{t('list.sendLink')}</button>
      ) : null}
      {refund.status === 'claimable' && sending ? (
        <form onSubmit={(event) => void send(event)} noValidate>
          <TextField label={t('list.sendTo')} name="buyer_email" value={email} onChange={setEmail} error={error} autoComplete="email" maxLength={254} />
          <div className="payment-actions__buttons">
            <button type="submit" className="button button--primary button--small">{t('list.send')}</button>
            <button type="button" className="button button--link button--small" onClick={() => setSending(false)}>{t('actions.cancel')}</button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
