// sys-flow /processing_online?payment=cpay_…: where the bank brings the guest back. The return decides
// nothing: the page follows paynet/onlineBankingStatus until the bank's signed callback has decided:
// approved -> the receipt (/invoice, once this build has it), refused or failed -> the server's reason and
// "Start again". Nothing was held for a payment that did not go through.
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import type { OnlineBankingStatusAnswer } from '#core/contract/paynet-bank.ts';
import { MODULE_PAGES } from '#core/modules.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { loadBankPaymentStatus } from '../flow/bank-api.ts';
import { FlowEnded, hasInvoicePage } from '../flow/flow-ended.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { currentFlowModule, useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

/** The callback comes before the bank redirects the browser, so the answer is usually there at once. */
const POLL_MS = 2_000;
const PAYMENT_ID = /^cpay_[A-Za-z0-9_-]{22}$/;

export default function FlowProcessingOnlinePage() {
  const t = useFlowT();
  useDocumentTitle(t('processing.title'));
  const state = useFlowCheckout('/processing_online');
  return <FlowLayout>{state.phase === 'ready' ? <Processing checkout={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

function Processing({ checkout }: { checkout: CheckoutAnswer }) {
  const t = useFlowT();
  const [, navigate] = useLocation();
  const paymentId = new URLSearchParams(useSearch()).get('payment') ?? '';
  const [status, setStatus] = useState<OnlineBankingStatusAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const invoice = hasInvoicePage(MODULE_PAGES[currentFlowModule()]);
  const valid = PAYMENT_ID.test(paymentId);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const answer = await loadBankPaymentStatus(paymentId);
      if (!live) return;
      if (!answer.ok) return setError(answer.error.message);
      setStatus(answer.data);
      if (answer.data.status === 'awaiting') timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [paymentId, valid]);

  useEffect(() => {
    if (status?.status === 'approved' && invoice) navigate('/invoice', { replace: true });
  }, [status?.status, invoice, navigate]);

  if (!valid) return <FlowEnded message={t('processing.noPayment')} back />;
  if (error) return <FlowEnded message={error} back />;
  if (!status) return <LoadingState label={t('processing.waiting')} />;
  return (
    <section className="flow-page flow-bank" aria-labelledby="flow-processing-title">
      <h1 id="flow-processing-title" className="flow-page__title">{t('processing.title')}</h1>
      {status.status === 'refused' || status.status === 'failed' ? (
        <>
          <p className="flow-page__text">{t('processing.ended')}</p>
          <FlowEnded message={status.reason ?? t('bank.ended')} />
        </>
      ) : (
        <div className="flow-bank__status" role="status" aria-live="polite">
          <p>{status.status === 'approved' ? t('processing.approved') : t('processing.waiting')}</p>
          {status.status === 'approved' && invoice ? <Link href="/invoice" className="button button--primary">{t('bank.receipt')}</Link> : null}
        </div>
      )}
      <OrderSummary checkout={status.checkout ?? checkout} title={t('details.order')} />
    </section>
  );
}
