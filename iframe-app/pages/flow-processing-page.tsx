// sys-flow /processing: the card's 3-D Secure challenge and then the wait for its capture. In test mode
// the challenge is the test acquirer's, labelled as such: Approve or Fail (paynet/deposit step
// three_d_secure, one Idempotency-Key per attempt). Approved, the card is held (authorized): the page
// says so and leads to verify account; it keeps reading the checkout, and once it is successful the guard
// sends the guest to /invoice. A failed challenge ends the checkout with nothing charged.
import { useRef, useState } from 'react';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { createAttemptKey } from '../flow/attempt-key.ts';
import { CheckoutEnded, hasEnded } from '../flow/checkout-ended.tsx';
import { payByCard } from '../flow/flow-api.ts';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { useCheckoutPoll } from '../flow/use-checkout-poll.ts';
import { useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

export default function FlowProcessingPage() {
  const t = useFlowT();
  useDocumentTitle(t('processing.cardTitle'));
  const state = useFlowCheckout('/processing');
  return <FlowLayout>{state.phase === 'ready' ? <Processing initial={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

function Processing({ initial }: { initial: CheckoutAnswer }) {
  const t = useFlowT();
  const [checkout, setCheckout] = useCheckoutPoll(initial, '/processing', (c) => c.status === 'authorized');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const attempt = useRef(createAttemptKey());
  const amount = `${checkout.fiatCurrency.amount} ${checkout.fiatCurrency.currency}`;

  const answer = async (outcome: 'approve' | 'fail') => {
    setBusy(true);
    setAlert(null);
    const result = await payByCard({ step: 'three_d_secure', outcome }, attempt.current.current());
    attempt.current.settle(result.ok ? 200 : result.status, result.ok ? null : result.error.code);
    setBusy(false);
    if (result.ok) return setCheckout(result.data.checkout);
    if (result.error.code === 'card_declined') {
      setDeclined(result.error.message);
      return setCheckout({ ...checkout, status: 'failed' });
    }
    setAlert(result.error.message);
  };

  let body;
  if (hasEnded(checkout)) body = <CheckoutEnded checkout={checkout} message={declined} />;
  else if (checkout.status === 'pending') {
    body = (
      <div className="flow-bank" role="group" aria-labelledby="flow-bank-title" aria-busy={busy || undefined}>
        <p id="flow-bank-title" className="flow-bank__title">
          <span className="badge badge--test">TEST</span> {t('processing.bank')}
        </p>
        <p className="flow-page__note">{t('processing.bankText')}</p>
        <div className="flow-bank__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void answer('approve')}>
            {t('processing.approve')}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void answer('fail')}>
            {t('processing.fail')}
          </button>
        </div>
        <p role="status" className="flow-form__status">
          {busy ? t('processing.answering') : ''}
        </p>
      </div>
    );
  } else if (checkout.status === 'authorized') {
    body = (
      <div className="flow-notice" role="status">
        <p>{t('processing.held', { amount })}</p>
        <Link href="/compliance" className="button button--primary">
          {t('processing.verify')}
        </Link>
      </div>
    );
  } else body = <LoadingState label={t('processing.capturing')} />;

  return (
    <section className="flow-page" aria-labelledby="flow-processing-title">
      <h1 id="flow-processing-title" className="flow-page__title">
        {t('processing.cardTitle')}
      </h1>
      <div className="flow-details__layout">
        <OrderSummary checkout={checkout} title={t('pay.order')} />
        <div className="flow-form">
          {alert ? (
            <p role="alert" className="flow-form__alert">
              {alert}
            </p>
          ) : null}
          {body}
        </div>
      </div>
    </section>
  );
}
