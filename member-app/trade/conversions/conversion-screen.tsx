// The one conversion screen behind /buy, /sell, /trade and /exchange, as layout: choose the pair,
// type what you spend (checked live against decimals, limits and the available balance),
// optionally a coupon, see the preview, then the quote review and the result. The calls and their
// order live in use-conversion.ts; the figures in core/fees.ts (conversion-preview.ts).
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { getFees, type CouponAnswer, type Operation } from '#core/contract/rates.ts';
import { rateKey, type Asset } from '#core/assets.ts';
import type { Locale } from '#core/language.ts';
import { parseAmount } from '#core/money.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { refreshBalancesAfterChange, useAvailable, useBalancesStore } from '../../wallets/use-balances.ts';
import { AmountField } from '../form-kit/amount-field.tsx';
import { useAmountInput } from '../form-kit/use-amount-input.ts';
import { CurrencySelect } from '../form-kit/currency-select.tsx';
import { LoadAlert } from '../form-kit/load-alert.tsx';
import { LimitLeftLine } from '../../limits/limit-left-line.tsx';
import { percentText } from '../form-kit/percent-text.ts';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useApiData } from '../form-kit/use-api-data.ts';
import { ConversionDone } from './conversion-done.tsx';
import { choose, initialPair, OPERATION_SIDES, operationEnabled, type Pair } from './conversion-pairs.ts';
import { conversionPreview } from './conversion-preview.ts';
import { CouponField } from './coupon-field.tsx';
import { PriceText } from './price-text.tsx';
import { QuoteReview } from './quote-review.tsx';
import { useConversion } from './use-conversion.ts';
import { useRates } from './use-rates.ts';

const TITLES = { buy: 'buy.title', sell: 'sell.title', trade: 'trade.title', exchange: 'exchange.title' } as const;
const LEADS = { buy: 'buy.lead', sell: 'sell.lead', trade: 'trade.lead', exchange: 'exchange.lead' } as const;

export function ConversionScreen({ operation, user }: { operation: Operation; user: UserInfo }) {
  const permissions = useWhiteLabel()?.permissions;
  if (!operationEnabled(operation, permissions)) return <NotFoundPage />;
  return <ConversionForm operation={operation} user={user} />;
}

function ConversionForm({ operation, user }: { operation: Operation; user: UserInfo }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  const query = new URLSearchParams(useSearch());
  useDocumentTitle(t(TITLES[operation]));

  const [pair, setPair] = useState<Pair>(() => initialPair(operation, { from: query.get('from'), to: query.get('to') }, user.currency));
  const [coupon, setCoupon] = useState<CouponAnswer | null>(null);
  const flow = useConversion();

  const fees = useApiData(getFees);
  const available = useAvailable(pair.from);
  const balancesError = useBalancesStore((state) => (state.status === 'error' ? state.error : null));
  const { rates, error: ratesError } = useRates(coupon?.coupon_code);

  const sides = OPERATION_SIDES[operation];
  const rules = { asset: pair.from, limits: fees.data?.limits_by_kind?.conversion[pair.from] ?? fees.data?.limits[pair.from], available };
  const input = useAmountInput(rules, query.get('amount') ?? '');
  const { check } = input;
  const rate = rates?.rates[rateKey(pair.from, pair.to)];
  const feePercent = fees.data?.conversion[operation].percent;
  const preview = check.ok
    ? conversionPreview({ spendMinor: check.minor, from: pair.from, to: pair.to, rate, feePercent, couponDiscountPercent: coupon?.fee_discount_percent })
    : null;

  const requestQuote = () => {
    if (!check.ok) {
      input.reveal();
      return;
    }
    void flow.requestQuote({ operation, from_currency: pair.from, to_currency: pair.to, amount: check.decimal, ...(coupon ? { coupon_code: coupon.coupon_code } : {}) });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    requestQuote();
  };

  const { stage } = flow;
  if (stage.kind === 'done') {
    return (
      <Page operation={operation}>
        <ConversionDone
          transaction={stage.transaction}
          onAgain={() => {
            input.reset();
            flow.edit();
          }}
        />
      </Page>
    );
  }

  return (
    <Page operation={operation}>
      <div className="trade-layout">
        <form className="panel trade-form" noValidate onSubmit={onSubmit} aria-labelledby="trade-form-title">
          <h2 id="trade-form-title" className="visually-hidden">{t(TITLES[operation])}</h2>
          <div className="trade-form__pair">
            <CurrencySelect label={t('form.from')} name="from" value={pair.from} options={sides.from} onChange={(asset) => setPair(choose(pair, 'from', asset, operation))} />
            <CurrencySelect label={t('form.to')} name="to" value={pair.to} options={sides.to} onChange={(asset) => setPair(choose(pair, 'to', asset, operation))} />
          </div>
          <AmountField
            label={t('form.amount', { asset: pair.from })}
            {...input.field}
            // A changed amount leaves the quote under review: it priced the old one.
            onChange={(value) => {
              input.field.onChange(value);
              if (stage.kind === 'review') flow.edit();
            }}
            hint={available === undefined ? null : t('form.available', { amount: formatDisplay(available, pair.from, locale) })}
            suffix={pair.from}
          />
          {rules.limits ? <p className="trade-form__limits">{limitsText(rules.limits, pair.from, locale, t)}</p> : null}
          {/* Buy is buy; sell, trade and exchange all count as sell (server/limits/README.md). */}
          <LimitLeftLine operation={operation === 'buy' ? 'buy' : 'sell'} />
          <div className="trade-form__preview" aria-live="polite">
            {preview ? (
              <p data-testid="conversion-preview">
                {t('form.estimate', { amount: formatDisplay(preview.receiveMinor, pair.to, locale), fee: formatDisplay(preview.feeMinor, pair.from, locale) })}
              </p>
            ) : null}
          </div>
          <CouponField coupon={coupon} onChange={setCoupon} />
          <FormAlert message={stage.kind === 'form' ? flow.alert : null} />
          <button type="submit" className="button button--primary button--block" disabled={flow.busy} aria-busy={flow.busy}>
            {flow.busy && stage.kind === 'form' ? t('form.working') : t('form.getQuote')}
          </button>
        </form>
        <aside className="panel trade-price" aria-labelledby="trade-price-title">
          <h2 id="trade-price-title" className="panel__title">
            {t('price.title')} {rates?.source === 'test' ? <span className="badge badge--test">{t('price.testBadge')}</span> : null}
          </h2>
          <p className="trade-price__line" data-testid="price-line"><PriceText from={pair.from} to={pair.to} rate={rate} /></p>
          <p className="panel__note" role="status">
            {ratesError ? tradeErrorText(ratesError, locale) : rates ? t('price.updated', { time: timeOf(rates.as_of, locale) }) : t('price.loading')}
          </p>
          {rates?.source === 'test' || testMode ? <p className="panel__note">{t('price.testNote')}</p> : null}
          {feePercent !== undefined ? <p className="panel__note">{t('price.feeNote', { percent: percentText(feePercent, locale) })}</p> : null}
        </aside>
      </div>
      {stage.kind === 'review' ? (
        <QuoteReview
          quote={stage.quote}
          secondsLeft={flow.secondsLeft}
          expired={flow.expired}
          busy={flow.busy}
          alert={flow.alert}
          onConfirm={() => void flow.confirm()}
          onNewQuote={requestQuote}
          onBack={flow.edit}
        />
      ) : null}
      <LoadAlert error={fees.error ?? balancesError} onRetry={() => { fees.reload(); void refreshBalancesAfterChange(); }} />
    </Page>
  );
}

function Page({ operation, children }: { operation: Operation; children: ReactNode }) {
  const t = useTradeT();
  return (
    <div className="member-page trade-page">
      <h1 className="member-page__title">{t(TITLES[operation])}</h1>
      <p className="member-page__meta">{t(LEADS[operation])}</p>
      {children}
    </div>
  );
}

function limitsText(limits: { minimum: string; maximum: string }, asset: Asset, locale: Locale, t: ReturnType<typeof useTradeT>): string {
  const show = (value: string) => {
    const parsed = parseAmount(value, asset);
    return parsed.ok ? formatDisplay(parsed.minor, asset, locale) : value;
  };
  return t('form.limits', { minimum: show(limits.minimum), maximum: show(limits.maximum) });
}

function timeOf(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(date);
}
