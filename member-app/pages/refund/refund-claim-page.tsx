// /refund?token=...: the buyer's refund page, public (no account, no sign-in), opened from the refund
// mail or a link the shop passed on. It shows who refunds, how much, in which coin and the network fee
// taken from it; the buyer enters an address of that coin (checked by the server for the coin and the
// test network, its problem shown under the field) and gets the transaction id as soon as the payout is
// broadcast (the page asks again until then), or is told if the payout failed. The token is in the
// query, which the server's request log redacts; the page sends it in POST bodies only.
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useSearch } from 'wouter';
import { ClaimTokenSchema, readRefundClaim, submitRefundClaim, type RefundClaim } from '#core/contract/refunds.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useRefundsT } from '../../i18n/use-refunds-t.ts';
import { AuthCard, OpenAuthFrame } from '../../identity/auth-frame.tsx';
import { CoinMark } from '../wallets/coin-mark.tsx';
import { refundErrorText } from './refund-error-text.ts';
import { useFocusOnMount } from '../../trade/form-kit/use-focus-on-mount.ts';

type State = { kind: 'loading' } | { kind: 'failed'; error: ApiError | null } | { kind: 'ready'; claim: RefundClaim };

export default function RefundClaimPage() {
  return (
    <OpenAuthFrame>
      <RefundClaimCard />
    </OpenAuthFrame>
  );
}

function RefundClaimCard() {
  const t = useRefundsT();
  const locale = useBootStore((state) => state.locale);
  const search = useSearch();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const parsed = v.safeParse(ClaimTokenSchema, { token: new URLSearchParams(search).get('token') ?? '' });
  const token = parsed.success ? parsed.output.token : null;

  useEffect(() => {
    if (token === null) {
      setState({ kind: 'failed', error: null });
      return;
    }
    let live = true;
    void memberApi()
      .call(readRefundClaim, { body: { token } })
      .then((result) => {
        if (live) setState(result.ok ? { kind: 'ready', claim: result.data } : { kind: 'failed', error: result.error });
      });
    return () => {
      live = false;
    };
  }, [token]);

  // Sent, its payout not yet broadcast (the coins leave after the server's transaction, within seconds):
  // ask again until the transaction id (or the payout's failure) is known.
  const waitingForTxid = state.kind === 'ready' && state.claim.status === 'sent' && state.claim.txid === null;
  useEffect(() => {
    if (!waitingForTxid || token === null) return;
    let live = true;
    const timer = setInterval(() => {
      void memberApi()
        .call(readRefundClaim, { body: { token } })
        .then((result) => {
          if (live && result.ok && (result.data.txid !== null || result.data.status !== 'sent')) setState({ kind: 'ready', claim: result.data });
        });
    }, 1_500);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [waitingForTxid, token]);

  if (state.kind === 'loading') {
    return (
      <AuthCard title={t('claim.title')}>
        <LoadingState label={t('claim.loading')} />
      </AuthCard>
    );
  }
  if (state.kind === 'failed') {
    return (
      <AuthCard title={t('claim.failedTitle')}>
        <p className="form-alert form-alert--error" role="alert">{state.error ? refundErrorText(state.error, locale) : t('claim.noToken')}</p>
      </AuthCard>
    );
  }
  const { claim } = state;
  if (claim.status === 'sent') return <ClaimSent claim={claim} />;
  if (claim.status === 'failed') return <ClaimPayoutFailed claim={claim} />;
  return <ClaimForm claim={claim} token={token ?? ''} onSent={(sent) => setState({ kind: 'ready', claim: sent })} />;
}

function ClaimFigures({ claim }: { claim: RefundClaim }) {
  const t = useRefundsT();
  const locale = useBootStore((state) => state.locale);
  return (
    <dl className="withdrawal-summary refund-claim__figures">
      <div>
        <dt>{t('claim.amount')}</dt>
        <dd data-testid="claim-amount">
          <span className="refund-claim__coin"><CoinMark coin={claim.currency} /> {claim.amount} {claim.currency}</span>
        </dd>
      </div>
      <div>
        <dt>{t('claim.fee')}</dt>
        <dd data-testid="claim-fee">{claim.network_fee} {claim.currency}</dd>
      </div>
      <div>
        <dt>{t('claim.receives')}</dt>
        <dd data-testid="claim-receives"><strong>{claim.buyer_receives} {claim.currency}</strong></dd>
      </div>
      {claim.status === 'claimable' ? (
        <div>
          <dt>{t('claim.expires')}</dt>
          <dd>{new Date(claim.expires_at).toLocaleDateString(locale, { dateStyle: 'long' })}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function ClaimForm({ claim, token, onSent }: { claim: RefundClaim; token: string; onSent: (claim: RefundClaim) => void }) {
  // The start (address_start) follows the server's network; only a test-mode server's is a test network's.
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  const t = useRefundsT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFailure(null);
    if (address.trim() === '') {
      setFieldError(refundErrorText({ code: 'validation_failed', message: '', fields: { address: ['Required field'] } }, locale));
      return;
    }
    setBusy(true);
    const result = await memberApi().call(submitRefundClaim, { body: { token, address: address.trim() } });
    setBusy(false);
    if (result.ok) {
      onSent(result.data);
      return;
    }
    const own = result.error.fields?.address?.[0];
    if (own) setFieldError(locale === 'en' ? own : refundErrorText(result.error, locale));
    else setFailure(refundErrorText(result.error, locale));
  };

  return (
    <AuthCard title={t('claim.title')} lead={t('claim.lead', { merchant: claim.merchant_name })}>
      <ClaimFigures claim={claim} />
      <form className="auth-form refund-claim__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className={`form-field${fieldError ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={id}>{t('claim.address', { coin: claim.currency })}</label>
          <input
            id={id}
            name="address"
            className="form-field__input mono"
            value={address}
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="form-field__hint">{t(testMode ? 'claim.addressHint' : 'claim.addressHintLive', { coin: claim.currency, start: claim.address_start })}</p>
          {fieldError ? <p id={`${id}-error`} className="form-field__error" data-testid="address-error">{fieldError}</p> : null}
        </div>
        {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('claim.sending') : t('claim.submit')}
        </button>
      </form>
    </AuthCard>
  );
}

function ClaimPayoutFailed({ claim }: { claim: RefundClaim }) {
  const t = useRefundsT();
  return (
    <AuthCard title={t('claim.payoutFailedTitle')}>
      <p className="form-alert form-alert--error" role="alert" data-testid="claim-payout-failed">
        {t('claim.payoutFailedLead', { merchant: claim.merchant_name })}
      </p>
      <ClaimFigures claim={claim} />
    </AuthCard>
  );
}

function ClaimSent({ claim }: { claim: RefundClaim }) {
  const t = useRefundsT();
  const headingRef = useFocusOnMount<HTMLParagraphElement>();
  return (
    <AuthCard title={t('claim.sentTitle')} lead={t('claim.lead', { merchant: claim.merchant_name })}>
      <p className="form-alert form-alert--success" role="status" tabIndex={-1} ref={headingRef} data-testid="claim-sent">
        {t('claim.sentLead', { amount: claim.buyer_receives, coin: claim.currency })}
      </p>
      <ClaimFigures claim={claim} />
      <dl className="facts refund-claim__sent">
        <div>
          <dt>{t('claim.to')}</dt>
          <dd className="mono refund-claim__wrap">{claim.address}</dd>
        </div>
        <div>
          <dt>{t('claim.txid')}</dt>
          <dd className="mono refund-claim__wrap" data-testid="claim-txid">{claim.txid ?? t('claim.txidPending')}</dd>
        </div>
      </dl>
    </AuthCard>
  );
}
