// /redirect: back to the merchant after a payment. Inside
// the SDK the page sends `redirect {url}` and the SDK moves the merchant page; standalone (a payment
// link) it navigates the top window. The URL is the payment's return_url as the server answers it (the
// one the merchant's server set on the payment, else the merchant's widget_return_url), http(s) only,
// never one from the address. The link stays on the page in case the SDK declines the URL or navigation
// is blocked.
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { requestClose, type Bridge } from '#ui/checkout/bridge.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { merchantBridge } from '../merchant-bridge.ts';
import { claimOnce, sessionMatches } from '../widget/merchant-events.ts';
import { announceUnavailable } from '../widget/announce-status.ts';
import { isUnknownPaymentCode, merchantDisplayName, paymentIdsOf, redirectPlanOf, type RedirectPlan } from '../widget/payment-view.ts';
import { loadDetails, loadMerchant } from '../widget/widget-api.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';

type RedirectState =
  | { phase: 'loading' }
  | { phase: 'error' }
  | { phase: 'ready'; merchant: MerchantAnswer | null; plan: RedirectPlan; bridge: Bridge | null };

// One redirect per payment however often the page renders (the document, and this set, live as long as the frame).
const redirected = new Set<string>();

function navigateTop(url: string): void {
  try {
    // A payment link opened inside someone's frame without the SDK: leave the frame if allowed.
    (window.top ?? window).location.href = url;
  } catch {
    window.location.href = url;
  }
}

export default function RedirectPage() {
  const t = useWidgetT();
  const search = useSearch();
  const [state, setState] = useState<RedirectState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const ids = paymentIdsOf(search);
    void merchantBridge.then(async (bridge) => {
      // validateTransaction: inside the SDK, only the session's own payment may move the merchant page.
      if (!ids || (bridge && !sessionMatches(bridge.params, ids))) {
        if (live) setState({ phase: 'ready', merchant: null, plan: { kind: 'stay' }, bridge });
        return;
      }
      const [merchant, details] = await Promise.all([loadMerchant(ids), loadDetails(ids)]);
      if (!live) return;
      if (!merchant.ok || !details.ok) {
        const failure = !merchant.ok ? merchant.error : !details.ok ? details.error : null;
        const unknown = failure !== null && isUnknownPaymentCode(failure.code);
        if (!unknown) announceUnavailable(ids.transactionId, 'status');
        setState(unknown ? { phase: 'ready', merchant: merchant.ok ? merchant.data : null, plan: { kind: 'stay' }, bridge } : { phase: 'error' });
        return;
      }
      const plan = redirectPlanOf(details.data.return_url, bridge !== null);
      setState({ phase: 'ready', merchant: merchant.data, plan, bridge });
      if (plan.kind === 'stay' || !claimOnce(redirected, ids.transactionId, 'redirect')) return;
      if (plan.kind === 'event') bridge?.send('redirect', { url: plan.url });
      else navigateTop(plan.url);
    });
    return () => {
      live = false;
    };
  }, [search, attempt]);

  const name = state.phase === 'ready' ? merchantDisplayName(state.merchant) : '';
  useDocumentTitle(state.phase === 'ready' && state.plan.kind !== 'stay' ? t('redirect.title', { merchant: name }) : t('redirect.done'));
  if (state.phase === 'loading') return <PaymentLoading />;
  if (state.phase === 'error') return <PaymentError retry={() => setAttempt((n) => n + 1)} />;
  const { plan, bridge } = state;
  return (
    <WidgetFrame merchant={state.merchant}>
      {plan.kind === 'stay' ? (
        <section className="widget-page" aria-labelledby="redirect-title">
          <h1 id="redirect-title" className="widget-page__title">
            {t('redirect.done')}
          </h1>
          {bridge ? (
            <button type="button" className="button button--primary" onClick={() => void requestClose(bridge)}>
              {t('success.close')}
            </button>
          ) : (
            <p>{t('redirect.closeHint')}</p>
          )}
        </section>
      ) : (
        <section className="widget-page" aria-labelledby="redirect-title">
          <h1 id="redirect-title" className="widget-page__title">
            {t('redirect.title', { merchant: name })}
          </h1>
          <p>{t('redirect.text')}</p>
          <a className="button button--primary" href={plan.url} target="_top" rel="noopener">
            {t('redirect.link', { merchant: name })}
          </a>
        </section>
      )}
    </WidgetFrame>
  );
}
