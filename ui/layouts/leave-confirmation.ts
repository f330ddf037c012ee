// What Esc and the overlay's close button do: while
// a payment is open, leaving asks first, and Esc on that question is the safe answer, keep paying. Pages
// with nothing left to lose (paid, failed, redirecting, an error) close at once. Pure, so the rule is
// tested without a browser; ui/layouts/widget-layout.tsx applies it.

/** ask: show "Leave this payment?"; close: end the checkout now; keep: dismiss the question. */
export type CloseOutcome = 'ask' | 'close' | 'keep';

export function closeOutcome({ confirmLeave, asking }: { confirmLeave: boolean; asking: boolean }): CloseOutcome {
  if (asking) return 'keep';
  return confirmLeave ? 'ask' : 'close';
}
