// The life of one conversion on screen, apart from its layout: ask for a quote, hold it while its
// price holds (expires_in_s counted from when it arrived, by this browser's clock, so clock skew
// cannot shorten it), convert it once with an Idempotency-Key, and show the transaction. A failure
// whose outcome is unknown (network, 5xx) keeps the key, so pressing Confirm again retries the same
// conversion and the server moves the money at most once; any other answer ends the attempt.
// A conversion moves money, so the shared balances are refreshed at once.
import { useRef, useState } from 'react';
import type { InferInput } from 'valibot';
import { convert, quote, type QuoteAnswer, type QuoteSchema } from '#core/contract/conversions.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useCountdown } from '../../identity/countdown.ts';
import { refreshBalancesAfterChange } from '../../wallets/use-balances.ts';
import { createAttemptKey, outcomeUnknown } from '../form-kit/attempt-key.ts';
import { tradeErrorText } from '../form-kit/trade-error.ts';

export type QuoteRequest = InferInput<typeof QuoteSchema>;

export type ConversionStage =
  | { kind: 'form' }
  | { kind: 'review'; quote: QuoteAnswer; deadline_ms: number }
  | { kind: 'done'; transaction: TransactionRecord };

export interface Conversion {
  stage: ConversionStage;
  busy: boolean;
  /** What went wrong with the last call, in the page's language. */
  alert: string | null;
  /** Seconds the quote under review still holds. */
  secondsLeft: number;
  /** The quote ran out, or the server said it is gone: offer a new one instead of Confirm. */
  expired: boolean;
  requestQuote: (body: QuoteRequest) => Promise<void>;
  confirm: () => Promise<void>;
  /** Back to the form (the member changes the amount, or starts another conversion). */
  edit: () => void;
}

export function useConversion(): Conversion {
  const locale = useBootStore((state) => state.locale);
  const [stage, setStage] = useState<ConversionStage>({ kind: 'form' });
  const [alert, setAlert] = useState<string | null>(null);
  const [quoteGone, setQuoteGone] = useState(false);
  const [busy, setBusy] = useState(false);
  const attempt = useRef(createAttemptKey());
  const secondsLeft = useCountdown(stage.kind === 'review' ? stage.deadline_ms : null);

  const requestQuote = async (body: QuoteRequest) => {
    setBusy(true);
    setAlert(null);
    const result = await memberApi().call(quote, { body });
    setBusy(false);
    if (!result.ok) {
      setStage({ kind: 'form' });
      setAlert(tradeErrorText(result.error, locale));
      return;
    }
    attempt.current.settle(); // a new quote is a new request: a new Idempotency-Key
    setQuoteGone(false);
    setStage({ kind: 'review', quote: result.data, deadline_ms: Date.now() + result.data.expires_in_s * 1000 });
  };

  const confirm = async () => {
    if (stage.kind !== 'review') return;
    setBusy(true);
    setAlert(null);
    const result = await memberApi().call(convert, { body: { quote_id: stage.quote.quote_id } }, { idempotencyKey: attempt.current.current() });
    setBusy(false);
    if (result.ok) {
      attempt.current.settle();
      void refreshBalancesAfterChange();
      setStage({ kind: 'done', transaction: result.data.transaction });
      return;
    }
    if (!outcomeUnknown(result.status, result.error.code)) attempt.current.settle();
    if (result.error.code === 'quote_expired' || result.error.code === 'quote_not_found') setQuoteGone(true);
    setAlert(tradeErrorText(result.error, locale));
  };

  const edit = () => {
    setAlert(null);
    setStage({ kind: 'form' });
  };

  return { stage, busy, alert, secondsLeft, expired: stage.kind === 'review' && (secondsLeft === 0 || quoteGone), requestQuote, confirm, edit };
}
