// When a delivery is retried and when we give up. A merchant's endpoint that is down for a deploy or an
// outage gets the event once it is back (retries spread over about a day); one that answers "this is
// wrong" (a 4xx other than 408/429) would answer the same again, so it is not retried. A redirect is
// not followed (the target was not what the merchant registered) and counts as a failure too.

/** Waits after the 1st, 2nd, ... failed attempt; the attempt after the last wait is the final one. */
export const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry' } | { kind: 'failed' };

/** status null: no HTTP answer (connection refused, DNS, TLS, timeout). */
export function outcomeOf(status: number | null): AttemptOutcome {
  if (status === null) return { kind: 'retry' };
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry' };
  return { kind: 'failed' };
}

/** When the next attempt is due after `failures` consecutive failed attempts; null: give up. */
export function nextAttemptAt(failures: number, now: Date): Date | null {
  const wait = BACKOFF_MS[failures - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait);
}
