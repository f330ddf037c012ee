// The widget's API clients: the public merchant API (/mapi/api, only the publishable merchant id and
// the payment token travel) and, in test mode, the main API's test network. No session is needed.
import type { MerchantAnswer, TransactionAnswer, TransactionStatusAnswer } from '#core/contract/merchant-api.ts';
import { createApiClient, type ApiClient } from '#ui/api/api-client.ts';
import type { ApiResult } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import type { PaymentIds } from './payment-view.ts';

let mapi: ApiClient | null = null;
let v1: ApiClient | null = null;

const merchantApi = (): ApiClient => (mapi ??= createApiClient({ base: '/mapi/api' }));
const mainApi = (): ApiClient => (v1 ??= createApiClient({ base: useBootStore.getState().boot.whitelabel?.configuration.api ?? '/v1' }));

const body = (ids: PaymentIds) => ({ merchant_id: ids.merchantId, transaction_id: ids.transactionId });

export const loadMerchant = (ids: PaymentIds): Promise<ApiResult<MerchantAnswer>> =>
  merchantApi().request<MerchantAnswer>('GET', 'merchant', { query: { merchant_id: ids.merchantId } });

export const loadDetails = (ids: PaymentIds): Promise<ApiResult<TransactionAnswer>> =>
  merchantApi().request<TransactionAnswer>('POST', 'transaction/details', { body: body(ids) });

export const loadStatus = (ids: PaymentIds): Promise<ApiResult<TransactionStatusAnswer>> =>
  merchantApi().request<TransactionStatusAnswer>('POST', 'transaction/status', { body: body(ids) });

/** Test mode only: the test network (a labelled double of a chain) pays the address the exact amount. */
export const payWithTestCoins = (details: TransactionAnswer): Promise<ApiResult<{ txid: string }>> =>
  mainApi().request<{ txid: string }>('POST', 'test-network/pay', {
    body: { asset: details.currency_1_iso, address: details.currency_1_address, amount: details.currency_1_amount },
  });
