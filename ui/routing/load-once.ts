// One download per route chunk, shared by the prefetch and the render; a failed attempt is
// forgotten so the next try really retries (the memoised-promise pattern of Stripe's loader).

export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
