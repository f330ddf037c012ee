// What the widget's home shows. It finds the payment (payment-source.ts): from
// the address, else from the SDK's init, creating the pay button's payment when that is all there is, and
// puts its ids in the address so every later page (and a reload) finds the same payment. Then: a coin
// already chosen goes straight to /payment, a payment no longer open to its page, else the coin list.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import { isPricedAnswer, type CurrencyOption, type UnpricedTransactionAnswer } from '#core/contract/merchant-payments.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { merchantBridge } from '../merchant-bridge.ts';
import { announceError, announceStatus, announceUnavailable } from './announce-status.ts';
import { paymentSourceOf, type PaymentSource } from './payment-source.ts';
import { isUnknownPaymentCode, paymentIdsOf, routeForStatus, widgetHref, type PaymentIds } from './payment-view.ts';
import { keepAnswers } from './first-answers.ts';
import { loadPaymentAnswers, openLink, prefetchPaymentAnswers, startCheckout } from './widget-api.ts';

const TOKEN_REFUSED = 'The checkout refused the token: it is malformed, belongs to another merchant or names no payment. Create a new transaction on your server and open its token.';

/**
 * The SDK's token starts the first answers as soon as both it and this chunk are here, not after the page has
 * rendered and run its effect (a frame later): the frame's first screen waits on nothing else. Only a token
 * from the SDK: an address with ids has the shell's answers.
 */
void merchantBridge.then((bridge) => {
  const source = paymentSourceOf(location.search, bridge);
  if (source.kind === 'payment' && !paymentIdsOf(location.search)) prefetchPaymentAnswers(source.ids);
});

export type HomeState =
  | { phase: 'loading' }
  | { phase: 'merchant-unknown' }
  /** The spec §5 texts: rates failure ('Some problem occurred...') or status failure ('There may be a problem...'). */
  | { phase: 'failed'; text: 'rates' | 'status'; retry: () => void }
  | { phase: 'choose'; ids: PaymentIds; merchant: MerchantAnswer; details: UnpricedTransactionAnswer; options: CurrencyOption[] };

export function useHome(): HomeState {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [state, setState] = useState<HomeState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    const go = (href: string) => live && navigate(href, { replace: true });
    const failedPage = (reason: 'expired' | 'unknown') => go(widgetHref('/payment-failed', search, { reason }));
    const show = (next: HomeState) => live && setState(next);
    /** Where an API failure leaves the buyer; `key` names the payment (or checkout) for the merchant's error event. */
    const failWith = (error: ApiError, key: string) => {
      if (error.code === 'merchant_not_recognized') {
        announceError(key, 'merchant_not_recognized', 'The merchantId is not a merchant of this platform: check the publishable id.');
        show({ phase: 'merchant-unknown' });
      } else if (isUnknownPaymentCode(error.code)) {
        announceError(key, 'payment_not_found', TOKEN_REFUSED);
        failedPage('unknown');
      }
      else {
        // The spec §5 text with a retry for the buyer; the merchant page learns why (once).
        const text = error.code === 'rates_unavailable' ? 'rates' : 'status';
        announceUnavailable(key, text);
        show({ phase: 'failed', text, retry });
      }
    };

    const open = async (ids: PaymentIds) => {
      const { merchant, details, status, at } = await loadPaymentAnswers(ids);
      if (!live) return;
      // The merchant first: an unknown merchant is 'Merchant not recognized!' whatever the payment answers.
      const failure = [merchant, details, status].find((result) => !result.ok);
      if (failure && !failure.ok) return failWith(failure.error, ids.transactionId);
      if (!merchant.ok || !details.ok || !status.ok) return;
      announceStatus(ids, status.data);
      const route = routeForStatus(status.data.status);
      if (route === '/payment-failed') return failedPage('expired');
      if (route !== '/payment' || isPricedAnswer(details.data)) {
        // The next page shows the same payment: it starts from these answers instead of asking again.
        keepAnswers(ids, { merchant, details, status, at });
        return go(widgetHref(route, search));
      }
      show({ phase: 'choose', ids, merchant: merchant.data, details: details.data, options: details.data.currency_options });
    };

    // The ids go into the address (replacing it), and the effect runs again with them, taking the answers
    // asked for here: they are on their way while the page renders again.
    const withIds = (ids: PaymentIds) => {
      if (!live) return;
      prefetchPaymentAnswers(ids);
      go(widgetHref('/home', search, { merchant_id: ids.merchantId, transaction_id: ids.transactionId }));
    };

    const start = async (source: PaymentSource) => {
      if (source.kind === 'none') {
        if (source.refused === 'token') announceError('token', 'payment_not_found', TOKEN_REFUSED);
        return failedPage('unknown');
      }
      if (source.kind === 'payment') return withIds(source.ids);
      if (source.kind === 'link') {
        const opened = await openLink(source.token);
        if (!live) return;
        if (opened.ok) return withIds({ merchantId: opened.data.merchant_id, transactionId: opened.data.transaction_id });
        if (opened.error.code === 'payment_link_closed') return failedPage('expired');
        if (opened.error.code === 'payment_link_not_found' || opened.error.code === 'validation_failed') return failedPage('unknown');
        return failWith(opened.error, source.token);
      }
      const created = await startCheckout(source.request);
      if (!live) return;
      if (!created.ok) {
        if (created.error.code === 'validation_failed') announceError(`checkout ${source.request.merchant_id}`, 'invalid_options', created.error.message || 'The checkout options were refused.');
        return failWith(created.error, `checkout ${source.request.merchant_id}`);
      }
      withIds({ merchantId: source.request.merchant_id, transactionId: created.data.transaction_token });
    };

    setState({ phase: 'loading' });
    const fromAddress = paymentSourceOf(search, null);
    // Only an address without ids waits for the SDK's init (at most the handshake timeout when framed).
    if (fromAddress.kind === 'payment') void open(fromAddress.ids);
    else if (fromAddress.kind === 'link') void start(fromAddress);
    else void merchantBridge.then((bridge) => live && start(paymentSourceOf(search, bridge)));
    return () => {
      live = false;
    };
  }, [search, navigate, retry, attempt]);

  return state;
}
