// The Idempotency-Key of one money call: made once when the member first clicks Confirm and sent
// again, unchanged, on every retry of that same click (a timeout, a lost answer), so the server
// moves the money at most once. A settled answer, success or refusal, ends the attempt; the next
// click is a new attempt with a new key.
export interface AttemptKey {
  /** The key of the attempt in progress, made on first use. */
  current(): string;
  /** The server answered for good: the next call is a new attempt. */
  settle(): void;
}

/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts (https, localhost); a page
 * served over plain http elsewhere still has getRandomValues, so the key is built from that.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createAttemptKey(makeKey: () => string = randomKey): AttemptKey {
  let key: string | null = null;
  return {
    current: () => (key ??= makeKey()),
    settle: () => {
      key = null;
    },
  };
}

/**
 * Network failures and 5xx answers leave the outcome unknown: the retry must reuse the key.
 * Anything else is the server's word (done, or refused for a reason), which settles the attempt.
 */
export function outcomeUnknown(status: number, code: string): boolean {
  return code === 'network_error' || code === 'bad_response' || status >= 500 || (status === 409 && code === 'idempotency_in_flight');
}
