// The member's compliance answer as page state: loaded once, replaced by the answer of every change (each
// compliance call answers the whole state), and polled while a decision is awaited (/review, /processing).
import { useEffect, useState } from 'react';
import { getCompliance, type Compliance } from '#core/contract/compliance.ts';
import { useApiData } from '../trade/form-kit/use-api-data.ts';

export function useCompliance(pollMs?: number) {
  const loaded = useApiData(getCompliance);
  const [latest, setLatest] = useState<Compliance | null>(null);
  useEffect(() => {
    if (loaded.data) setLatest(loaded.data);
  }, [loaded.data]);
  const waiting = latest?.state === 'pending' || latest?.state === 'review';
  useEffect(() => {
    if (!pollMs || !waiting) return;
    const timer = setInterval(loaded.reload, pollMs);
    return () => clearInterval(timer);
  }, [pollMs, waiting, loaded.reload]);
  return { compliance: latest, failed: loaded.state === 'error' && !latest ? loaded.error : null, reload: loaded.reload, replace: setLatest };
}

/** Where a member waits for a decision: the provider's automatic check, or an operator's review. */
export function waitingPath(compliance: Pick<Compliance, 'state'>): '/processing' | '/review' | null {
  if (compliance.state === 'pending') return '/processing';
  if (compliance.state === 'review') return '/review';
  return null;
}
