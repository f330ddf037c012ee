// GET /checkout/getRates answers { success, data } (spec §7: checkout endpoints use success), not
// the request_status envelope the member API client reads, so it has its own small reader. The
// endpoint is public: no session, no Origin check, and a failure never opens the session modal.
import type { RatesAnswer } from '#core/contract/money.ts';
import { clientFailure, type ApiResult } from '#ui/api/api-result.ts';
import { buildUrl } from '#ui/api/api-client.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** { success: true, data } is a success; { success: false, error_message } a failure kept whole. */
export function readCheckoutEnvelope<T>(status: number, body: unknown): ApiResult<T> {
  if (!isRecord(body)) return clientFailure('bad_response', status, body);
  if (body.success === true && status < 400 && 'data' in body) return { ok: true, status, data: body.data as T };
  const error = body.error_message;
  if (isRecord(error) && typeof error.code === 'string') {
    return { ok: false, status, error: { code: error.code, message: typeof error.message === 'string' ? error.message : '' }, body };
  }
  return clientFailure('bad_response', status, body);
}

export async function fetchRates(base: string, couponCode?: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<ApiResult<RatesAnswer>> {
  try {
    const response = await fetchImpl(buildUrl(base, 'checkout/getRates', { coupon_code: couponCode || undefined }), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    return readCheckoutEnvelope<RatesAnswer>(response.status, body);
  } catch {
    return clientFailure('network_error', 0, undefined);
  }
}
