// The Idempotency-Key of one payment attempt of the flow (paynet/deposit): made on the first click and
// sent again unchanged when the outcome is unknown (network failure, 5xx, still in flight), so a retry
// never holds the card twice; any answer of the server settles it and the next click is a new attempt.
// The member app has the same rule (member-app/trade/form-kit/attempt-key.ts); the iframe app cannot
// import the member app, so the few lines live here too.

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface AttemptKey {
  current(): string;
  /** Call with the answer: an unknown outcome keeps the key for the retry, anything else ends the attempt. */
  settle(status: number, code: string | null): void;
}

export function outcomeUnknown(status: number, code: string | null): boolean {
  return code === 'network_error' || code === 'bad_response' || status >= 500 || (status === 409 && code === 'idempotency_in_flight');
}

export function createAttemptKey(makeKey: () => string = randomKey): AttemptKey {
  let key: string | null = null;
  return {
    current: () => (key ??= makeKey()),
    settle: (status, code) => {
      if (!outcomeUnknown(status, code)) key = null;
    },
  };
}
