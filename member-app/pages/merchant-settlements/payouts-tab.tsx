// The settlements overview: what a payout now would pay and the button that requests it (with its
// Idempotency-Key, kept across retries of the same click), the settlement info and policy forms, and
// the payouts with their reports. Every figure is the server's.
import { useRef, useState } from 'react';
import { getSettlementSettings, requestMerchantPayout, type SettlementSettings } from '#core/contract/settlements.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';
import { settlementErrorText } from '../../settlements/settlement-error-text.ts';
import { createAttemptKey } from '../../trade/form-kit/attempt-key.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { PayoutList } from './payout-list.tsx';
import { SettlementInfoForm } from './settlement-info-form.tsx';
import { SettlementPolicyForm } from './settlement-policy-form.tsx';

export function PayoutsTab({ apiBase }: { apiBase: string }) {
  const t = useSettlementsT();
  const locale = useBootStore((state) => state.locale);
  const settings = useApiData(getSettlementSettings);
  const [listVersion, setListVersion] = useState(0);
  const changed = () => {
    settings.reload();
    setListVersion((n) => n + 1);
  };

  if (settings.state === 'error' && !settings.data) {
    return (
      <div className="empty-state empty-state--error" role="alert">
        <h2 className="empty-state__title">{t('st.errorTitle')}</h2>
        <p className="empty-state__body">{settlementErrorText(settings.error, locale)}</p>
        <button type="button" className="button button--primary" onClick={settings.reload}>{t('st.retry')}</button>
      </div>
    );
  }
  if (!settings.data) return <p role="status" className="panel__note">{t('st.loading')}</p>;
  const data = settings.data;
  return (
    <div className="settlements-overview">
      <PayableCard settings={data} onRequested={changed} />
      <div className="profile-grid">
        {/* The forms start from the first answer and keep what was typed after a save (a reload would not change it). */}
        <SettlementInfoForm info={data.settlement_info} onSaved={changed} />
        <SettlementPolicyForm settings={data} onSaved={changed} />
      </div>
      {/* A new key after every change loads the list again from its first page, where a new payout is. */}
      <PayoutList key={listVersion} apiBase={apiBase} />
    </div>
  );
}

function PayableCard({ settings, onRequested }: { settings: SettlementSettings; onRequested: () => void }) {
  const t = useSettlementsT();
  const locale = useBootStore((state) => state.locale);
  const show = useShowAmount();
  const attempt = useRef(createAttemptKey());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const count = settings.payable_payments;
  const canRequest = count > 0 && settings.settlement_info !== null;

  const request = async () => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const result = await memberApi().call(requestMerchantPayout, {}, { idempotencyKey: attempt.current.current() });
    setBusy(false);
    // An unknown outcome keeps the key: the next click retries the same payout, never a second one.
    if (!result.ok && (result.error.code === 'network_error' || result.error.code === 'idempotency_in_flight')) {
      setMessage({ tone: 'error', text: settlementErrorText(result.error, locale) });
      return;
    }
    attempt.current.settle();
    if (!result.ok) {
      setMessage({ tone: 'error', text: settlementErrorText(result.error, locale) });
      return;
    }
    const payout = result.data;
    setMessage({ tone: 'success', text: t('payable.requested', { id: payout.payout_id, amount: show(payout.amount, payout.currency), bank: payout.bank_name }) });
    onRequested();
  };

  return (
    <section className="panel settlements-payable" aria-labelledby="payable-title">
      <h2 id="payable-title" className="panel__title">{t('payable.title')}</h2>
      <p className="settlements-payable__amount" data-testid="payable-amount">{show(settings.payable, settings.fiat_currency)}</p>
      <p className="panel__lead">{count === 0 ? t('payable.none') : count === 1 ? t('payable.bodyOne') : t('payable.body', { count: new Intl.NumberFormat(locale).format(count) })}</p>
      {count > 0 && settings.settlement_info === null ? <p className="panel__note">{t('payable.needsInfo')}</p> : null}
      <div aria-live="polite">
        <FormAlert message={message?.text ?? null} tone={message?.tone ?? 'error'} />
      </div>
      <button type="button" className="button button--primary" disabled={!canRequest || busy} aria-busy={busy} onClick={() => void request()}>
        {busy ? t('payable.working') : t('payable.request')}
      </button>
    </section>
  );
}
