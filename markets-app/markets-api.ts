// The markets site's calls through the one typed client: the public price board (getRates, for the
// live prices) and the chart history (getChartRates, for the coin page's other ranges). No session.
import { getChartRates, getRates } from '#core/contract/rates.ts';
import type { ChartRange } from '#core/contract/rates.ts';
import { createApiClient, type ApiClient } from '#ui/api/api-client.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';

let client: ApiClient | null = null;

function api(): ApiClient {
  const configuration = useBootStore.getState().boot.whitelabel?.configuration;
  return (client ??= createApiClient({ bases: { main: configuration?.api ?? '/v1', merchant: configuration?.mapi ?? '/mapi' } }));
}

export const loadRates = (signal?: AbortSignal) => api().call(getRates, { query: {} }, signal ? { signal } : {});

export const loadChart = (iso: string, fiat: string, range: ChartRange) => api().call(getChartRates, { query: { pair: `${iso}_${fiat}`, range } });
