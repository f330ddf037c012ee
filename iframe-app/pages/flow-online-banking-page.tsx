// sys-flow /online_banking: starts the bank payment (paynet/onlineBanking, its own Idempotency-Key; a
// reload gets the same bank page) and sends the browser to the bank's approval page, on the bank's own
// origin (the test bank labels itself as test there). The bank brings the guest back to
// /processing_online. When the price had expired the new figures are shown to accept first. Under the
// remittance's prefix it returns there; inside the buy widget's frame it never redirects (flow/frame-methods.ts).
import { useEffect, useRef, useState } from 'react';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { attemptKey, isOnlineBankingMethod, startBankPayment } from '../flow/bank-api.ts';
import { FlowEnded } from '../flow/flow-ended.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { redirectsToBank } from '../flow/frame-methods.ts';
import { flowModuleOf } from '../flow/flow-module.ts';
import { useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

export default function FlowOnlineBankingPage() {
  const t = useFlowT();
  useDocumentTitle(t('online.title'));
  const state = useFlowCheckout('/online_banking');
  return <FlowLayout>{state.phase === 'ready' ? <ToBank checkout={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

type Stage = { kind: 'starting' } | { kind: 'repriced'; checkout: CheckoutAnswer } | { kind: 'redirect'; url: string } | { kind: 'refused'; message: string };

function ToBank({ checkout }: { checkout: CheckoutAnswer }) {
  const t = useFlowT();
  const flowModule = useBootStore((s) => flowModuleOf(s.boot.module));
  const allowed = redirectsToBank(flowModule);
  const module = flowModule === 'sys-remitflow' ? 'sys-remitflow' : 'sys-flow';
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });
  const [round, setRound] = useState(0);
  const key = useRef<string | null>(null);
  const bankMethod = isOnlineBankingMethod(checkout.payment_method);

  useEffect(() => {
    if (!bankMethod || !allowed) return;
    let live = true;
    key.current ??= attemptKey();
    void startBankPayment(module, key.current).then((answer) => {
      if (!live) return;
      if (answer.ok || answer.status < 500) key.current = null;
      if (!answer.ok) return setStage({ kind: 'refused', message: answer.error.message });
      const { outcome, approval_url: url, checkout: current } = answer.data;
      if (outcome === 'redirect' && url) {
        setStage({ kind: 'redirect', url });
        window.location.assign(url);
      } else setStage({ kind: 'repriced', checkout: current });
    });
    return () => {
      live = false;
    };
  }, [round, bankMethod, allowed, module]);

  if (!bankMethod) return <FlowEnded message={t('bank.wrongMethod')} back />;
  if (!allowed) return <FlowEnded message={t('pay.noOnlineBanking')} back />;
  if (stage.kind === 'starting') return <LoadingState label={t('online.redirecting')} />;
  if (stage.kind === 'refused') return <FlowEnded message={stage.message} back />;
  if (stage.kind === 'redirect') {
    return (
      <section className="flow-page flow-bank" aria-labelledby="flow-online-title">
        <h1 id="flow-online-title" className="flow-page__title">{t('online.title')}</h1>
        <p role="status">{t('online.redirecting')}</p>
        <a href={stage.url} className="button button--primary">{t('online.manual')}</a>
      </section>
    );
  }
  return (
    <section className="flow-page flow-bank" aria-labelledby="flow-online-title">
      <h1 id="flow-online-title" className="flow-page__title">{t('online.title')}</h1>
      <p role="alert" className="flow-form__alert">{t('bank.repriced')}</p>
      <OrderSummary checkout={stage.checkout} title={t('details.order')} />
      <button type="button" className="button button--primary flow-form__submit" onClick={() => { setStage({ kind: 'starting' }); setRound((n) => n + 1); }}>
        {t('bank.acceptPrice')}
      </button>
    </section>
  );
}
