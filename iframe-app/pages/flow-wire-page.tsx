// sys-flow /wire: the bank details of a Wire, SEPA or Swift order. The page asks paynet/wirePreAuth once
// (its own Idempotency-Key; a reload asks again and the server answers the same wire), shows the account,
// the reference and the exact amount, each with a copy button, and the window's end; then it follows
// wirePreAuthStatus: waiting -> received (the receipt, /invoice, once this build has it) or expired (the
// server's reason). When the price had expired the new figures are shown to accept first.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import type { WireDetails } from '#core/contract/paynet-bank.ts';
import { MODULE_PAGES } from '#core/modules.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { CopyField } from '../widget/copy-field.tsx';
import { attemptKey, isWireMethod, loadWireStatus, requestWire } from '../flow/bank-api.ts';
import { FlowEnded, hasInvoicePage } from '../flow/flow-ended.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { currentFlowModule, useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

/** How often the page asks whether the transfer arrived: an operator matches it, so seconds do not matter. */
const POLL_MS = 10_000;

export default function FlowWirePage() {
  const t = useFlowT();
  useDocumentTitle(t('wire.title'));
  const state = useFlowCheckout('/wire');
  return <FlowLayout>{state.phase === 'ready' ? <Wire checkout={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

type Stage =
  | { kind: 'asking' }
  | { kind: 'repriced'; checkout: CheckoutAnswer }
  | { kind: 'wire'; wire: WireDetails; checkout: CheckoutAnswer }
  | { kind: 'refused'; message: string };

function Wire({ checkout }: { checkout: CheckoutAnswer }) {
  const t = useFlowT();
  const [stage, setStage] = useState<Stage>({ kind: 'asking' });
  const [round, setRound] = useState(0);
  const key = useRef<string | null>(null);
  const wireMethod = isWireMethod(checkout.payment_method);

  useEffect(() => {
    if (!wireMethod) return;
    let live = true;
    key.current ??= attemptKey();
    void requestWire(key.current).then((answer) => {
      if (!live) return;
      // The server answered for good: the next request (accepting a new price) is a new attempt.
      if (answer.ok || answer.status < 500) key.current = null;
      if (!answer.ok) return setStage({ kind: 'refused', message: answer.error.message });
      const { outcome, wire, checkout: current } = answer.data;
      setStage(outcome === 'wire' && wire ? { kind: 'wire', wire, checkout: current } : { kind: 'repriced', checkout: current });
    });
    return () => {
      live = false;
    };
  }, [round, wireMethod]);

  if (!wireMethod) return <FlowEnded message={t('bank.wrongMethod')} back />;
  if (stage.kind === 'asking') return <LoadingState label={t('wire.fixing')} />;
  if (stage.kind === 'refused') return <FlowEnded message={stage.message} back />;
  if (stage.kind === 'repriced') {
    return (
      <section className="flow-page flow-bank" aria-labelledby="flow-wire-title">
        <h1 id="flow-wire-title" className="flow-page__title">{t('wire.title')}</h1>
        <p role="alert" className="flow-form__alert">{t('bank.repriced')}</p>
        <OrderSummary checkout={stage.checkout} title={t('details.order')} />
        <button type="button" className="button button--primary flow-form__submit" onClick={() => { setStage({ kind: 'asking' }); setRound((n) => n + 1); }}>
          {t('bank.acceptPrice')}
        </button>
      </section>
    );
  }
  return <WireDetailsView wire={stage.wire} checkout={stage.checkout} />;
}

function WireDetailsView({ wire: first, checkout }: { wire: WireDetails; checkout: CheckoutAnswer }) {
  const t = useFlowT();
  const locale = useBootStore((s) => s.locale);
  const [, navigate] = useLocation();
  const [wire, setWire] = useState(first);
  const invoice = hasInvoicePage(MODULE_PAGES[currentFlowModule()]);

  useEffect(() => {
    if (wire.status !== 'awaiting') return;
    const timer = setInterval(() => {
      void loadWireStatus(wire.payment_id).then((answer) => answer.ok && setWire(answer.data.wire));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [wire.payment_id, wire.status]);

  useEffect(() => {
    if (wire.status === 'received' && invoice) navigate('/invoice', { replace: true });
  }, [wire.status, invoice, navigate]);

  const windowEnds = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(wire.window_ends_at));
  const copy = (what: string) => t('wire.copy', { what: what.toLowerCase() });
  return (
    <section className="flow-page flow-bank" aria-labelledby="flow-wire-title">
      <h1 id="flow-wire-title" className="flow-page__title">{t('wire.title')}</h1>
      {wire.status === 'expired' ? <FlowEnded message={wire.reason ?? t('bank.ended')} /> : null}
      <div className="flow-bank__layout">
        <OrderSummary checkout={checkout} title={t('details.order')} />
        <div className="flow-bank__next">
          {wire.status !== 'expired' ? (
            <>
              <p className="flow-page__text">{t('wire.text', { amount: wire.amount, currency: wire.currency })}</p>
              <div className="flow-bank__details">
                <CopyField label={t('wire.beneficiary')} value={wire.beneficiary} copyLabel={copy(t('wire.beneficiary'))} />
                <CopyField label={t('wire.iban')} value={wire.iban} copyLabel={copy(t('wire.iban'))} />
                <CopyField label={t('wire.bic')} value={wire.bic} copyLabel={copy(t('wire.bic'))} />
                <CopyField label={t('wire.bank')} value={wire.bank_name} copyLabel={copy(t('wire.bank'))} />
                <CopyField label={t('wire.reference')} value={wire.reference} copyLabel={copy(t('wire.reference'))} />
                <CopyField label={t('wire.amount')} value={`${wire.amount} ${wire.currency}`} copyLabel={copy(t('wire.amount'))} />
              </div>
              <p className="flow-page__note">{t('wire.windowEnds', { date: windowEnds })}</p>
            </>
          ) : null}
          <div className="flow-bank__status" role="status" aria-live="polite">
            <h2 className="flow-bank__status-title">{t('wire.statusTitle')}</h2>
            {wire.status === 'awaiting' ? <p>{t('wire.waiting')}</p> : null}
            {wire.status === 'received' ? <p>{t('wire.received')}</p> : null}
            {wire.status === 'received' && invoice ? <Link href="/invoice" className="button button--primary">{t('bank.receipt')}</Link> : null}
          </div>
        </div>
      </div>
    </section>
  );
}
