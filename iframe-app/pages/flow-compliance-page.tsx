// sys-flow /compliance (verify account): the email code and the mobile code (verify/checkVerify), each
// with a resend that shows its cooldown, and a change of mobile number (verify/resetMobileCode); then,
// when the checkout needs the guest's identity (above the unverified limit, or a bank method), the way to
// /kyc and where that check stands. The page says what is still to do; the server captures a held card
// once everything is verified, and the guard (core's flowRedirect) then moves the guest on.
// Codes not yet sent are sent when the page opens (once: the server's limits apply).
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import type { CheckoutCodeChannel, CheckVerifyAnswer } from '#core/contract/checkout-steps.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { CheckoutEnded, hasEnded } from '../flow/checkout-ended.tsx';
import { changeMobile, loadCheckout, loadVerify, resendCode, submitCode } from '../flow/flow-api.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { POLL_MS } from '../flow/use-checkout-poll.ts';
import { flowTarget, useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

export default function FlowCompliancePage() {
  const t = useFlowT();
  useDocumentTitle(t('verify.title'));
  const state = useFlowCheckout('/compliance');
  return <FlowLayout>{state.phase === 'ready' ? <VerifyAccount initial={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

/** Seconds left of a cooldown the server gave, counted down each second. */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => setLeft(seconds), [seconds]);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

function VerifyAccount({ initial }: { initial: CheckoutAnswer }) {
  const t = useFlowT();
  const [, navigate] = useLocation();
  const [checkout, setCheckout] = useState(initial);
  const [verify, setVerify] = useState<CheckVerifyAnswer | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const sentOnOpen = useRef(false);
  const language = useBootStore((state) => state.locale);

  /** The checkout and its verify state again; the guard moves on when the server did (captured, failed). */
  const refresh = useCallback(async () => {
    const [read, state] = await Promise.all([loadCheckout(initial._id), loadVerify(initial._id)]);
    if (read.ok) {
      setCheckout(read.data);
      const target = flowTarget(read.data, '/compliance');
      if (target !== null) navigate(target, { replace: true });
    }
    if (state.ok) setVerify(state.data);
    else setAlert(state.error.message);
    return state.ok ? state.data : null;
  }, [initial._id, navigate]);

  useEffect(() => {
    void (async () => {
      const state = await refresh();
      if (!state || sentOnOpen.current || hasEnded(initial)) return;
      sentOnOpen.current = true;
      const missing = (['email', 'mobile'] as const).filter((channel) => !state[channel].verified && !state[channel].sent && state[channel].resend_after_s === 0);
      for (const channel of missing) await resendCode(channel, language);
      if (missing.length > 0) await refresh();
    })();
  }, [refresh, initial, language]);

  // An identity in review, or a capture under way, is decided on the server: follow it.
  const waiting = verify !== null && (verify.identity === 'review' || (verify.cleared && checkout.status === 'authorized'));
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);

  if (hasEnded(checkout)) {
    return (
      <Frame checkout={checkout}>
        <CheckoutEnded checkout={checkout} />
      </Frame>
    );
  }
  if (verify === null) {
    return (
      <Frame checkout={checkout}>
        {alert ? <p role="alert" className="flow-form__alert">{alert}</p> : <LoadingState label={t('flow.loading')} />}
      </Frame>
    );
  }

  const amount = `${checkout.fiatCurrency.amount} ${checkout.fiatCurrency.currency}`;
  const identityNeeded = verify.identity !== 'not_needed';
  const todo = [
    ...(verify.email.verified ? [] : [t('verify.step.email')]),
    ...(verify.mobile.verified ? [] : [t('verify.step.mobile')]),
    ...(identityNeeded && verify.identity !== 'approved' ? [t('verify.step.identity')] : []),
  ];

  return (
    <Frame checkout={checkout}>
      <p className="flow-page__text">{checkout.status === 'authorized' ? t('verify.held', { amount }) : t('verify.bankText')}</p>
      {alert ? (
        <p role="alert" className="flow-form__alert">
          {alert}
        </p>
      ) : null}
      <CodeBox channel="email" id={checkout._id} state={verify.email} onChange={setVerify} onAfter={refresh} />
      <CodeBox channel="mobile" id={checkout._id} state={verify.mobile} onChange={setVerify} onAfter={refresh} />
      {identityNeeded ? (
        <section className="flow-step" aria-labelledby="flow-identity-title">
          <h2 id="flow-identity-title" className="flow-step__title">
            {t('verify.identity')}
            {verify.identity === 'approved' ? <span className="flow-step__done"> ✓ {t('verify.done')}</span> : null}
          </h2>
          <p className="flow-page__note">{t(`verify.identity.${verify.identity}` as 'verify.identity.required')}</p>
          {verify.identity === 'required' ? (
            <Link href="/kyc" className="button button--primary">
              {t('verify.toKyc')}
            </Link>
          ) : null}
        </section>
      ) : null}
      <p role="status" className="flow-verify__todo">
        {todo.length > 0 ? t('verify.pending', { steps: todo.join(', ') }) : verify.cleared ? t(checkout.status === 'authorized' ? 'verify.cleared' : 'verify.allDone') : ''}
      </p>
    </Frame>
  );
}

function Frame({ checkout, children }: { checkout: CheckoutAnswer; children: ReactNode }) {
  const t = useFlowT();
  return (
    <section className="flow-page" aria-labelledby="flow-verify-title">
      <h1 id="flow-verify-title" className="flow-page__title">
        {t('verify.title')}
      </h1>
      <div className="flow-details__layout">
        <OrderSummary checkout={checkout} title={t('pay.order')} />
        <div className="flow-form">{children}</div>
      </div>
    </section>
  );
}

interface CodeBoxProps {
  channel: CheckoutCodeChannel;
  id: string;
  state: CheckVerifyAnswer['email'];
  onChange: (state: CheckVerifyAnswer) => void;
  onAfter: () => Promise<unknown>;
}

function CodeBox({ channel, id, state, onChange, onAfter }: CodeBoxProps) {
  const t = useFlowT();
  const language = useBootStore((s) => s.locale);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  const [mobile, setMobile] = useState('');
  const [cooldown, setCooldown] = useState(state.resend_after_s);
  useEffect(() => setCooldown(state.resend_after_s), [state.resend_after_s]);
  const left = useCountdown(cooldown);
  const title = t(channel === 'email' ? 'verify.email' : 'verify.mobile');

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await submitCode(id, channel, code.trim());
    setBusy(false);
    if (!answer.ok) return setError(answer.error.fields?.code?.[0] ?? answer.error.message);
    setError(undefined);
    setCode('');
    onChange(answer.data);
    await onAfter();
  };

  const resend = async () => {
    setBusy(true);
    const answer = await resendCode(channel, language);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error.message);
      if (answer.error.retry_after_s) setCooldown(answer.error.retry_after_s);
      return;
    }
    setError(undefined);
    setNote(t('verify.sent'));
    setCooldown(answer.data.resend_after);
    await onAfter();
  };

  const saveMobile = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await changeMobile(id, mobile.trim(), language);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error.fields?.mobile?.[0] ?? answer.error.message);
      if (answer.error.retry_after_s) setCooldown(answer.error.retry_after_s);
      await onAfter();
      return;
    }
    setError(undefined);
    setChanging(false);
    setNote(t('verify.sent'));
    setCooldown(answer.data.resend_after);
    await onAfter();
  };

  if (state.verified) {
    return (
      <section className="flow-step flow-step--done" aria-label={title}>
        <h2 className="flow-step__title">
          {title}
          <span className="flow-step__done"> ✓ {t('verify.done')}</span>
        </h2>
        <p className="flow-page__note">{state.to}</p>
      </section>
    );
  }

  return (
    <section className="flow-step" aria-label={title}>
      {changing ? (
        <form className="flow-form" onSubmit={(event) => void saveMobile(event)} noValidate>
          <FlowField label={t('verify.newMobile')} hint={t('details.mobileHint')} error={error} value={mobile} onValue={setMobile} type="tel" inputMode="tel" autoComplete="tel" required />
          <div className="flow-step__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('verify.saveMobile')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setChanging(false)}>
              {t('verify.cancelMobile')}
            </button>
          </div>
        </form>
      ) : (
        <form className="flow-form" onSubmit={(event) => void check(event)} noValidate>
          <FlowField
            label={title}
            hint={state.sent ? t('verify.sentTo', { to: state.to }) : t('verify.notSent', { to: state.to })}
            error={error}
            value={code}
            onValue={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('verify.code')}
            required
          />
          <div className="flow-step__actions">
            <button type="submit" className="button button--primary" disabled={busy || code.trim().length !== 6}>
              {busy ? t('verify.checking') : t('verify.check')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy || left > 0} onClick={() => void resend()}>
              {left > 0 ? t('verify.resendIn', { seconds: left }) : state.sent ? t('verify.resend') : t('verify.send')}
            </button>
            {channel === 'mobile' ? (
              <button type="button" className="flow-link-button" onClick={() => setChanging(true)}>
                {t('verify.changeMobile')}
              </button>
            ) : null}
          </div>
          <p role="status" className="flow-form__status">
            {note}
          </p>
        </form>
      )}
    </section>
  );
}
