// Loads what a widget page shows (the merchant's widget settings, the payment, its status) and asks
// for the status every 3 s, moving the page along when the status belongs on another page (also back:
// from detected to the pay page when the network dropped the transaction, saying so, see moveQuery). Every status
// it sees goes to announceStatus(), which owes the merchant page its SDK events (once each).
// When a status shows an underpayment the details' top_up does not ask for, the details are loaded again
// (once per paid amount), so the underpaid view's QR code asks for the rest, not the whole amount.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import { isPricedAnswer, type PricedTransactionAnswer, type TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import { announceStatus, announceUnavailable } from './announce-status.ts';
import { answersAtHand, loadDetails, loadPaymentAnswers, loadStatus } from './widget-api.ts';
import { topUpReloadKey } from './underpayment.ts';
import { isUnknownPaymentCode, moveQuery, paymentIdsOf, routeForStatus, statusPollMs, widgetHref, type WidgetRoute } from './payment-view.ts';

export type PaymentState =
  | { phase: 'loading' }
  | { phase: 'error'; retry: () => void }
  | { phase: 'ready'; merchant: MerchantAnswer; details: PricedTransactionAnswer; status: TransactionStatusAnswer };

// Settled, expired and invalid are final: nothing more to wait for.
const isOpen = (status: TransactionStatusAnswer) => status.status === 'new' || status.status === 'processing';

/**
 * The page's first state: ready at once when the answers for its payment are at hand (the shell's, or home's)
 * and belong on this page, so the first render is the interactive screen; else loading.
 */
function openingState(page: WidgetRoute, search: string): PaymentState {
  const ids = paymentIdsOf(search);
  const answers = ids ? answersAtHand(ids) : null;
  if (!answers) return { phase: 'loading' };
  const { merchant, details, status } = answers;
  if (!merchant.ok || !details.ok || !status.ok || !isPricedAnswer(details.data) || routeForStatus(status.data.status) !== page) return { phase: 'loading' };
  return { phase: 'ready', merchant: merchant.data, details: details.data, status: status.data };
}

export function usePayment(page: WidgetRoute): PaymentState {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [state, setState] = useState<PaymentState>(() => openingState(page, search));
  // The effect's first run keeps an opening ready state (its load takes the same answers); later runs reload.
  const opened = useRef(false);
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
    // The details the page shows, and the paid amount they were last loaded again for.
    let shown: PricedTransactionAnswer | null = null;
    let reloadedFor: string | null = null;
    // A failed reload is not retried for the same amount: the view still shows the amount and address.
    const refreshTopUp = (status: TransactionStatusAnswer, details: PricedTransactionAnswer) => {
      const key = topUpReloadKey(status, details);
      if (key === null || key === reloadedFor) return;
      reloadedFor = key;
      void loadDetails(ids).then((fresh) => {
        if (!live || !fresh.ok || !isPricedAnswer(fresh.data)) return;
        const details = fresh.data;
        shown = details;
        setState((current) => (current.phase === 'ready' ? { ...current, details } : current));
      });
    };
    const follow = (status: TransactionStatusAnswer): boolean => {
      const route = routeForStatus(status.status);
      if (route === page) return false;
      if (route === '/payment-failed') fail('expired');
      else navigate(widgetHref(route, search, moveQuery(page, route)), { replace: true });
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
          if (shown) refreshTopUp(status.data, shown);
          if (!isOpen(status.data)) return;
        }
        poll();
      }, statusPollMs(page));
    };
    if (opened.current) setState({ phase: 'loading' });
    opened.current = true;
    void loadPaymentAnswers(ids).then(({ merchant, details, status }) => {
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
      shown = details.data;
      setState({ phase: 'ready', merchant: merchant.data, details: details.data, status: status.data });
      refreshTopUp(status.data, details.data);
      if (isOpen(status.data)) poll();
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, page, navigate, retry, attempt]);

  return state;
}
