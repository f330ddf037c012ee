// The widget's API clients: the public merchant API (/mapi/api, only the publishable merchant id and
// the payment token travel) and, in test mode, the main API's test network. No session is needed.
import type { CryptoAsset } from '#core/assets.ts';
import type { MerchantAnswer, PricedTransactionAnswer, ReceiptAnswer, TransactionAnswer, TransactionStatusAnswer } from '#core/contract/merchant-api.ts';
import { createApiClient, type ApiClient } from '#ui/api/api-client.ts';
import type { ApiResult } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import type { CheckoutRequest } from './payment-source.ts';
import type { PaymentIds } from './payment-view.ts';

let client: ApiClient | null = null;

function api(): ApiClient {
  const configuration = useBootStore.getState().boot.whitelabel?.configuration;
  return (client ??= createApiClient({ bases: { main: configuration?.api ?? '/v1', merchant: configuration?.mapi ?? '/mapi' } }));
}
const merchantApi = api;
const mainApi = api;

const body = (ids: PaymentIds) => ({ merchant_id: ids.merchantId, transaction_id: ids.transactionId });

export const loadMerchant = (ids: PaymentIds): Promise<ApiResult<MerchantAnswer>> =>
  merchantApi().request<MerchantAnswer>('GET', 'api/merchant', { query: { merchant_id: ids.merchantId } });

export const loadDetails = (ids: PaymentIds): Promise<ApiResult<TransactionAnswer>> =>
  merchantApi().request<TransactionAnswer>('POST', 'api/transaction/details', { body: body(ids) });

export const loadStatus = (ids: PaymentIds): Promise<ApiResult<TransactionStatusAnswer>> =>
  merchantApi().request<TransactionStatusAnswer>('POST', 'api/transaction/status', { body: body(ids) });

/** The buyer's coin: prices the payment, gives it its address and starts its 900 s (idempotent for the same coin). */
export const chooseCurrency = (ids: PaymentIds, coin: CryptoAsset): Promise<ApiResult<TransactionAnswer>> =>
  merchantApi().request<TransactionAnswer>('POST', 'api/transaction/currency', { body: { ...body(ids), currency_1_iso: coin } });

/** The pay button's own payment, coin-less, made from the publishable merchant id alone. */
export const startCheckout = (request: CheckoutRequest): Promise<ApiResult<TransactionAnswer>> =>
  merchantApi().request<TransactionAnswer>('POST', 'api/checkout', { body: request });

/** The signed receipt of a settled payment, for the SDK's payment-success. */
export const loadReceipt = (ids: PaymentIds): Promise<ApiResult<ReceiptAnswer>> =>
  merchantApi().request<ReceiptAnswer>('POST', 'api/transaction/receipt', { body: body(ids) });

/**
 * Test mode only: the test network (a labelled double of a chain) pays the payment's address `amount`:
 * the amount due, or after an underpayment what is still due.
 */
export const payWithTestCoins = (details: PricedTransactionAnswer, amount: string): Promise<ApiResult<{ txid: string }>> =>
  mainApi().request<{ txid: string }>('POST', 'test-network/pay', {
    body: { asset: details.currency_1_iso, address: details.currency_1_address, amount },
  });
