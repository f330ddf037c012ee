// The review of a quote: you pay X, the fee on its own line, you get Z, the rate,
// and how long the price holds. Expired, it offers a new quote instead of Confirm.
import type { QuoteAnswer } from '#core/contract/conversions.ts';
import { mustParseAmount } from '#core/money.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { PriceText } from './price-text.tsx';
import { useFocusOnMount } from '../form-kit/use-focus-on-mount.ts';

export interface QuoteReviewProps {
  quote: QuoteAnswer;
  /** How long the price still holds (use-conversion.ts counts it). */
  secondsLeft: number;
  /** The price ran out or the server said the quote is gone: offer a new one instead of Confirm. */
  expired: boolean;
  busy: boolean;
  alert: string | null;
  onConfirm: () => void;
  onNewQuote: () => void;
  onBack: () => void;
}

export function QuoteReview({ quote, secondsLeft, expired, busy, alert, onConfirm, onNewQuote, onBack }: QuoteReviewProps) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
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
