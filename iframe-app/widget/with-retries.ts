// Asks again when a call fails, with a growing pause: a receipt is owed once a payment is settled, and one
// lost answer must not cost the merchant page its payment-success. Gives up after `delaysMs.length` retries.
import type { ApiResult } from '#ui/api/api-result.ts';

/** Pauses between attempts: 1 s, 2 s, 4 s, then give up (about 7 s in all). */
export const RECEIPT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

export async function withRetries<T>(
  call: () => Promise<ApiResult<T>>,
  delaysMs: readonly number[],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ApiResult<T>> {
  let result = await call();
  for (const delay of delaysMs) {
    if (result.ok) break;
    await sleep(delay);
    result = await call();
  }
  return result;
}
