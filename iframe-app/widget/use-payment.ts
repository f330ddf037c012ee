// Loads what a widget page shows (the merchant's widget settings, the payment, its status) and asks
// for the status every 3 s, moving the page along when the status belongs on another page. Every status
// it sees goes to announceStatus(), which owes the merchant page its SDK events (once each).
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isPricedAnswer, type MerchantAnswer, type PricedTransactionAnswer, type TransactionStatusAnswer } from '#core/contract/merchant-api.ts';
import { announceStatus, announceUnavailable } from './announce-status.ts';
import { loadDetails, loadMerchant, loadStatus } from './widget-api.ts';
import { isUnknownPaymentCode, paymentIdsOf, routeForStatus, STATUS_POLL_MS, widgetHref, type WidgetRoute } from './payment-view.ts';

export type PaymentState =
  | { phase: 'loading' }
  | { phase: 'error'; retry: () => void }
  | { phase: 'ready'; merchant: MerchantAnswer; details: PricedTransactionAnswer; status: TransactionStatusAnswer };

// Settled, expired and invalid are final: nothing more to wait for.
const isOpen = (status: TransactionStatusAnswer) => status.status === 'new' || status.status === 'processing';

export function usePayment(page: WidgetRoute): PaymentState {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [state, setState] = useState<PaymentState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const ids = paymentIdsOf(search);
    const fail = (reason: 'expired' | 'unknown') => navigate(widgetHref('/payment-failed', search, { reason }), { replace: true });
    if (!ids) {
      fail('unknown');
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = (status: TransactionStatusAnswer): boolean => {
      const route = routeForStatus(status.status);
      if (route === page) return false;
      if (route === '/payment-failed') fail('expired');
      else navigate(widgetHref(route, search), { replace: true });
      return true;
    };
    const poll = () => {
      timer = setTimeout(async () => {
        const status = await loadStatus(ids);
        if (!live) return;
        // A failed poll keeps the page as it is and asks again: one lost answer is not a failed payment.
        if (status.ok) {
          announceStatus(ids, status.data);
          if (follow(status.data)) return;
          setState((current) => (current.phase === 'ready' ? { ...current, status: status.data } : current));
          if (!isOpen(status.data)) return;
        }
        poll();
      }, STATUS_POLL_MS);
    };
    setState({ phase: 'loading' });
    void Promise.all([loadMerchant(ids), loadDetails(ids), loadStatus(ids)]).then(([merchant, details, status]) => {
      if (!live) return;
      if (!merchant.ok || !details.ok || !status.ok) {
        const failure = [merchant, details, status].find((result) => !result.ok);
        if (failure && !failure.ok && isUnknownPaymentCode(failure.error.code)) fail('unknown');
        else {
          announceUnavailable(ids.transactionId, 'status');
          setState({ phase: 'error', retry });
        }
        return;
      }
      announceStatus(ids, status.data);
      if (follow(status.data)) return;
      // No coin yet: the buyer chooses one on the widget's home first.
      if (!isPricedAnswer(details.data)) {
        navigate(widgetHref('/home', search), { replace: true });
        return;
      }
      setState({ phase: 'ready', merchant: merchant.data, details: details.data, status: status.data });
      if (isOpen(status.data)) poll();
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, page, navigate, retry, attempt]);

  return state;
}
