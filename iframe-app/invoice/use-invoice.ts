// The invoice of the flow's paid checkout, kept live: while the coins are being sent it is read again
// every few seconds, so "sending" turns into the transaction id (or what happens after a refusal) on its own.
import { useEffect, useState } from 'react';
import type { InvoiceAnswer } from '#core/contract/invoice.ts';
import { loadInvoice } from './invoice-api.ts';

export const INVOICE_POLL_MS = 3_000;

export type InvoiceState = { phase: 'loading' } | { phase: 'failed'; retry: () => void } | { phase: 'ready'; invoice: InvoiceAnswer };

export function useInvoice(checkoutId: string): InvoiceState {
  const [state, setState] = useState<InvoiceState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let shown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const answer = await loadInvoice(checkoutId);
      if (!live) return;
      if (answer.ok) {
        shown = true;
        setState({ phase: 'ready', invoice: answer.data });
        if (answer.data.delivery.state !== 'sending') return;
      } else if (!shown) {
        // A failed re-read keeps the figures already shown (and tries again); a failed first read says so.
        setState({ phase: 'failed', retry: () => setAttempt((n) => n + 1) });
        return;
      }
      timer = setTimeout(() => void read(), INVOICE_POLL_MS);
    };
    void read();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [checkoutId, attempt]);

  return state;
}
