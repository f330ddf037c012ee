// The widget's calls, through the one typed client: the public merchant API (only the publishable
// merchant id and the payment token travel) and, in test mode, the main API's test network. No
// session is needed. Each answer is checked against its endpoint's schema before a page sees it.
import type { CryptoAsset } from '#core/assets.ts';
import { getMerchant } from '#core/contract/merchant-info.ts';
import {
  checkout,
  chooseTransactionCurrency,
  transactionDetails,
  transactionReceipt,
  transactionStatus,
  type CheckoutInput,
  type PricedTransactionAnswer,
} from '#core/contract/merchant-payments.ts';
import { openPaymentLink } from '#core/contract/payment-links.ts';
import { payOnTestNetwork } from '#core/contract/test-network.ts';
import { createApiClient, type ApiClient } from '#ui/api/api-client.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { flowAuthorization } from '../buywidget/flow-token-store.ts';
import { hasAnswers, keepAnswers, peekAnswers, takeAnswers, type PaymentAnswers, type ShellAnswers } from './first-answers.ts';
import type { CheckoutRequest } from './payment-source.ts';
import type { PaymentIds } from './payment-view.ts';

let client: ApiClient | null = null;

/** The iframe app's one typed client (the flow's calls use it too: iframe-app/flow/flow-api.ts). */
export function api(): ApiClient {
  const configuration = useBootStore.getState().boot.whitelabel?.configuration;
  // The buy widget's flow calls carry its flow token as a bearer: its frame gets no cookies (buywidget/flow-token-store.ts).
  return (client ??= createApiClient({ bases: { main: configuration?.api ?? '/v1', merchant: configuration?.mapi ?? '/mapi' }, authorization: (endpoint) => flowAuthorization(endpoint) }));
}

const payment = (ids: PaymentIds) => ({ merchant_id: ids.merchantId, transaction_id: ids.transactionId });

export const loadMerchant = (ids: PaymentIds) => api().call(getMerchant, { query: { merchant_id: ids.merchantId } });

export const loadDetails = (ids: PaymentIds) => api().call(transactionDetails, { body: payment(ids) });

export const loadStatus = (ids: PaymentIds) => api().call(transactionStatus, { body: payment(ids) });

/** The three answers a widget page shows first, asked for at once. */
function askPaymentAnswers(ids: PaymentIds): Promise<PaymentAnswers> {
  const at = Date.now();
  return Promise.all([loadMerchant(ids), loadDetails(ids), loadStatus(ids)]).then(([merchant, details, status]) => ({ merchant, details, status, at }));
}

/** The shell's payment block, as old as this page: the server rendered it just before the page started loading. */
const shellAnswers = (): ShellAnswers => ({ payment: useBootStore.getState().boot.payment, at: performance.timeOrigin });

/** What a widget page shows first: the kept answers when there are (first-answers.ts), else asked for now. */
export function loadPaymentAnswers(ids: PaymentIds): Promise<PaymentAnswers> {
  return takeAnswers(ids, shellAnswers(), Date.now()) ?? askPaymentAnswers(ids);
}

/** The kept answers a page may open with in its first render (first-answers.ts peekAnswers). */
export function answersAtHand(ids: PaymentIds): PaymentAnswers | null {
  return peekAnswers(ids, shellAnswers(), Date.now());
}

/** Starts asking now for the page that will show this payment next, unless its answers are already on their way. */
export function prefetchPaymentAnswers(ids: PaymentIds): void {
  if (!hasAnswers(ids, Date.now())) keepAnswers(ids, askPaymentAnswers(ids));
}

/** The buyer's coin: prices the payment, gives it its address and starts its 900 s (idempotent for the same coin). */
export const chooseCurrency = (ids: PaymentIds, coin: CryptoAsset) => api().call(chooseTransactionCurrency, { body: { ...payment(ids), currency_1_iso: coin } });

/**
 * The pay button's own payment, coin-less, made from the publishable merchant id alone. The merchant's
 * currency and lang are passed on as the SDK received them: the server is the one that refuses an
 * unsupported one, with a message the widget shows.
 */
export const startCheckout = (request: CheckoutRequest) => api().call(checkout, { body: request as CheckoutInput });

/** A payment link's payment (its open or paid one, else a new one): what the hosted page shows. */
export const openLink = (token: string) => api().call(openPaymentLink, { body: { link: token } });

/** The signed receipt of a settled payment, for the SDK's payment-success. */
export const loadReceipt = (ids: PaymentIds) => api().call(transactionReceipt, { body: payment(ids) });

/**
 * Test mode only: the test network (a labelled double of a chain) pays the payment's address `amount`:
 * the amount due, or after an underpayment what is still due.
 */
export const payWithTestCoins = (details: PricedTransactionAnswer, amount: string) =>
  api().call(payOnTestNetwork, { body: { asset: details.currency_1_iso, address: details.currency_1_address, amount } });
