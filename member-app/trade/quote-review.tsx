// The review of a quote: you pay X, the fee on its own line, you get Z, the rate,
// and how long the price holds. Expired, it offers a new quote instead of Confirm.
import type { QuoteAnswer } from '#core/contract/conversions.ts';
import { mustParseAmount } from '#core/money.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useCountdown } from '../identity/countdown.ts';
import { FormAlert } from '../identity/form-field.tsx';
import { useTradeT } from '../i18n/use-trade-t.ts';
import { PriceText } from './price-text.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';

export interface QuoteReviewProps {
  quote: QuoteAnswer;
  /** When the quote arrived, by this browser's clock: expires_in_s counts from here, so clock skew cannot shorten it. */
  deadline_ms: number;
  busy: boolean;
  alert: string | null;
  /** The failure says the quote is gone: offer a new one instead of Confirm. */
  quoteGone: boolean;
  onConfirm: () => void;
  onNewQuote: () => void;
  onBack: () => void;
}

export function QuoteReview({ quote, deadline_ms, busy, alert, quoteGone, onConfirm, onNewQuote, onBack }: QuoteReviewProps) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const secondsLeft = useCountdown(deadline_ms);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const expired = secondsLeft === 0 || quoteGone;
  const show = (amount: string, asset: typeof quote.from_currency) => formatDisplay(mustParseAmount(amount, asset), asset, locale);
  const fee = mustParseAmount(quote.fee, quote.fee_currency);
  return (
    <section className="panel quote-review" aria-labelledby="quote-review-title">
      <h2 id="quote-review-title" className="panel__title" tabIndex={-1} ref={headingRef}>{t('review.title')}</h2>
      <dl className="quote-review__rows">
        <div className="quote-review__row">
          <dt>{t('review.pay')}</dt>
          <dd data-testid="quote-pay">{show(quote.from_amount, quote.from_currency)}</dd>
        </div>
        <div className="quote-review__row quote-review__row--fee">
          <dt>{t('review.fee')}</dt>
          <dd data-testid="quote-fee">{formatDisplay(fee, quote.fee_currency, locale)}</dd>
        </div>
        <div className="quote-review__row quote-review__row--get">
          <dt>{t('review.get')}</dt>
          <dd data-testid="quote-get">{show(quote.to_amount, quote.to_currency)}</dd>
        </div>
        <div className="quote-review__row">
          <dt>{t('review.rate')}</dt>
          <dd><PriceText from={quote.from_currency} to={quote.to_currency} rate={quote.rate} /></dd>
        </div>
      </dl>
      <p className={`quote-review__timer${expired ? ' quote-review__timer--expired' : ''}`} role="status" aria-live="polite" aria-atomic="true">
        {expired ? t('review.expired') : t('review.holds', { seconds: secondsLeft })}
      </p>
      <FormAlert message={alert} />
      <div className="quote-review__actions">
        {expired ? (
          <button type="button" className="button button--primary" onClick={onNewQuote} disabled={busy}>{t('review.newQuote')}</button>
        ) : (
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? t('form.working') : t('review.confirm')}
          </button>
        )}
        <button type="button" className="button button--link" onClick={onBack} disabled={busy}>{t('review.change')}</button>
      </div>
    </section>
  );
}
