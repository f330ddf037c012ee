// The one conversion screen behind /buy, /sell, /trade and /exchange: choose the
// pair, type what you spend (checked live against decimals, limits and the available balance),
// optionally a coupon, get a quote, review it while the price holds, confirm once.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { convert, quote, type QuoteAnswer } from '#core/contract/conversions.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { getUserBalances } from '#core/contract/wallets.ts';
import { getFees, type CouponAnswer, type Operation } from '#core/contract/rates.ts';
import { rateKey, type Asset } from '#core/assets.ts';
import type { Locale } from '#core/language.ts';
import { parseAmount } from '#core/money.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert } from '../identity/form-field.tsx';
import { useTradeT } from '../i18n/use-trade-t.ts';
import { checkAmount, maxAmount } from './amount-check.ts';
import { AmountField } from './amount-field.tsx';
import { amountProblemText } from './amount-problem-text.ts';
import { createAttemptKey, outcomeUnknown } from './attempt-key.ts';
import { availableMinor } from './balances.ts';
import { ConversionDone } from './conversion-done.tsx';
import { choose, initialPair, OPERATION_SIDES, operationEnabled, type Pair } from './conversion-pairs.ts';
import { CouponField } from './coupon-field.tsx';
import { CurrencySelect } from './currency-select.tsx';
import { estimate } from './price-math.ts';
import { PriceText } from './price-text.tsx';
import { QuoteReview } from './quote-review.tsx';
import { percentText } from './percent-text.ts';
import { tradeErrorText } from './trade-error.ts';
import { useApiData } from './use-api-data.ts';
import { useRates } from './use-rates.ts';

type Stage =
  | { kind: 'form' }
  | { kind: 'review'; quote: QuoteAnswer; deadline_ms: number }
  | { kind: 'done'; transaction: TransactionRecord };

const TITLES = { buy: 'buy.title', sell: 'sell.title', trade: 'trade.title', exchange: 'exchange.title' } as const;
const LEADS = { buy: 'buy.lead', sell: 'sell.lead', trade: 'trade.lead', exchange: 'exchange.lead' } as const;

export function ConversionScreen({ operation, user }: { operation: Operation; user: UserInfo }) {
  const permissions = useWhiteLabel()?.permissions;
  if (!operationEnabled(operation, permissions)) return <NotFoundPage />;
  return <Conversion operation={operation} user={user} />;
}

function Conversion({ operation, user }: { operation: Operation; user: UserInfo }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  const query = new URLSearchParams(useSearch());
  useDocumentTitle(t(TITLES[operation]));

  const [pair, setPair] = useState<Pair>(() => initialPair(operation, { from: query.get('from'), to: query.get('to') }, user.currency));
  const [amount, setAmount] = useState(query.get('amount') ?? '');
  const [showProblem, setShowProblem] = useState(amount !== '');
  const [coupon, setCoupon] = useState<CouponAnswer | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [alert, setAlert] = useState<string | null>(null);
  const [quoteGone, setQuoteGone] = useState(false);
  const [busy, setBusy] = useState(false);
  const attempt = useRef(createAttemptKey());

  const fees = useApiData(getFees);
  const balances = useApiData(getUserBalances);
  const { rates, error: ratesError } = useRates(coupon?.coupon_code);

  const sides = OPERATION_SIDES[operation];
  const available = availableMinor(balances.data, pair.from);
  const rules = { asset: pair.from, limits: fees.data?.limits_by_kind?.conversion[pair.from] ?? fees.data?.limits[pair.from], available };
  const check = checkAmount(amount, rules);
  const rate = rates?.rates[rateKey(pair.from, pair.to)];
  const feePercent = fees.data?.conversion[operation].percent ?? '0';
  const preview = check.ok ? estimate(check.minor, pair.from, pair.to, rate, feePercent) : null;
  const problem = showProblem && !check.ok ? amountProblemText(check, pair.from, locale, t) : null;

  const requestQuote = async () => {
    if (!check.ok) {
      setShowProblem(true);
      return;
    }
    setBusy(true);
    setAlert(null);
    const body = { operation, from_currency: pair.from, to_currency: pair.to, amount: check.decimal, ...(coupon ? { coupon_code: coupon.coupon_code } : {}) };
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

  const confirm = async (held: QuoteAnswer) => {
    setBusy(true);
    setAlert(null);
    const result = await memberApi().call(convert, { body: { quote_id: held.quote_id } }, { idempotencyKey: attempt.current.current() });
    setBusy(false);
    if (result.ok) {
      attempt.current.settle();
      balances.reload();
      setStage({ kind: 'done', transaction: result.data.transaction });
      return;
    }
    if (!outcomeUnknown(result.status, result.error.code)) attempt.current.settle();
    if (result.error.code === 'quote_expired' || result.error.code === 'quote_not_found') setQuoteGone(true);
    setAlert(tradeErrorText(result.error, locale));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void requestQuote();
  };

  if (stage.kind === 'done') {
    return (
      <Page operation={operation}>
        <ConversionDone
          transaction={stage.transaction}
          onAgain={() => {
            setAmount('');
            setShowProblem(false);
            setStage({ kind: 'form' });
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
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setShowProblem(true);
              if (stage.kind === 'review') setStage({ kind: 'form' });
            }}
            hint={available === undefined ? null : t('form.available', { amount: formatDisplay(available, pair.from, locale) })}
            error={problem}
            onMax={available && available > 0n ? () => { setAmount(maxAmount(rules)); setShowProblem(true); } : null}
            suffix={pair.from}
          />
          {rules.limits ? <p className="trade-form__limits">{limitsText(rules.limits, pair.from, locale, t)}</p> : null}
          <div className="trade-form__preview" aria-live="polite">
            {preview ? (
              <p>
                {t('form.estimate', { amount: formatDisplay(preview.receive, pair.to, locale), fee: formatDisplay(preview.fee, pair.from, locale) })}
              </p>
            ) : null}
          </div>
          <CouponField coupon={coupon} onChange={setCoupon} />
          <FormAlert message={stage.kind === 'form' ? alert : null} />
          <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
            {busy && stage.kind === 'form' ? t('form.working') : t('form.getQuote')}
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
          <p className="panel__note">{t('price.feeNote', { percent: percentText(feePercent, locale) })}</p>
        </aside>
      </div>
      {stage.kind === 'review' ? (
        <QuoteReview
          quote={stage.quote}
          deadline_ms={stage.deadline_ms}
          busy={busy}
          alert={alert}
          quoteGone={quoteGone}
          onConfirm={() => void confirm(stage.quote)}
          onNewQuote={() => void requestQuote()}
          onBack={() => {
            setAlert(null);
            setStage({ kind: 'form' });
          }}
        />
      ) : null}
      {fees.state === 'error' || balances.state === 'error' ? (
        <p className="form-alert form-alert--error" role="alert">
          {tradeErrorText((fees.error ?? balances.error)!, locale)}{' '}
          <button type="button" className="button button--link" onClick={() => { fees.reload(); balances.reload(); }}>{t('retry')}</button>
        </p>
      ) : null}
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
