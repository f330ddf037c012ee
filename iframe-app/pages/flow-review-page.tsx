// sys-flow /review: the order confirmation of the bank methods (spec §4: a verified guest paying by
// Swift, Wire, SEPA or Online Banking lands here). Who is paid, for what, how much and how: the server's
// checkout; then "Get the bank details" (-> /wire) or "Continue to your bank" (-> /online_banking).
// Nothing is fixed on this page: the price is taken by the next step's call.
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { Link } from '#ui/components/link.tsx';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { isOnlineBankingMethod, isWireMethod } from '../flow/bank-api.ts';
import { FlowEnded } from '../flow/flow-ended.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

export default function FlowReviewPage() {
  const t = useFlowT();
  useDocumentTitle(t('bank.reviewTitle'));
  const state = useFlowCheckout('/review');
  return <FlowLayout>{state.phase === 'ready' ? <Review checkout={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

function Review({ checkout }: { checkout: CheckoutAnswer }) {
  const t = useFlowT();
  const open = checkout.status === 'created' || checkout.status === 'pending';
  const wire = isWireMethod(checkout.payment_method);
  const bank = isOnlineBankingMethod(checkout.payment_method);
  return (
    <section className="flow-page flow-bank" aria-labelledby="flow-review-title">
      <h1 id="flow-review-title" className="flow-page__title">
        {t('bank.reviewTitle')}
      </h1>
      <p className="flow-page__text">{t('bank.reviewText')}</p>
      <div className="flow-bank__layout">
        <OrderSummary checkout={checkout} title={t('details.order')} />
        <div className="flow-bank__next">
          <dl className="flow-bank__method">
            <dt>{t('bank.method')}</dt>
            <dd>{t(`pay.method.${checkout.payment_method}`)}</dd>
          </dl>
          {!open ? <FlowEnded message={t('bank.ended')} /> : null}
          {open && wire ? (
            <>
              <p className="flow-page__note">{t('bank.wireNote')}</p>
              <Link href="/wire" className="button button--primary flow-form__submit">
                {t('bank.getDetails')}
              </Link>
            </>
          ) : null}
          {open && bank ? (
            <>
              <p className="flow-page__note">{t('bank.toBankNote')}</p>
              <Link href="/online_banking" className="button button--primary flow-form__submit">
                {t('bank.toBank')}
              </Link>
            </>
          ) : null}
          {open && !wire && !bank ? <FlowEnded message={t('bank.wrongMethod')} /> : null}
        </div>
      </div>
    </section>
  );
}
