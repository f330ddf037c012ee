// / and /home: the buyer chooses the coin of a payment made without one. The
// amounts are the server's indicative currency_options; choosing prices the payment for 900 s and
// replaces this page with /payment, so Back does not return to a choice that is already made.
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CurrencyOption } from '#core/contract/merchant-payments.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { announceUnavailable } from '../widget/announce-status.ts';
import { widgetHref, type PaymentIds } from '../widget/payment-view.ts';
import { useHome } from '../widget/use-home.ts';
import { chooseCurrency } from '../widget/widget-api.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';
import { PaymentError, PaymentLoading } from './payment-states.tsx';

export default function HomePage() {
  const t = useWidgetT();
  useDocumentTitle(t('home.title'));
  const state = useHome();
  if (state.phase === 'loading') return <PaymentLoading confirmLeave />;
  if (state.phase === 'failed') return <PaymentError retry={state.retry} text={state.text} confirmLeave />;
  if (state.phase === 'merchant-unknown') {
    return (
      <WidgetFrame>
        <div className="widget-page widget-page--error" role="alert">
          <p>{t('error.merchant')}</p>
        </div>
      </WidgetFrame>
    );
  }
  return (
    <WidgetFrame merchant={state.merchant} details={state.details} confirmLeave>
      <CoinChoice ids={state.ids} options={state.options} />
    </WidgetFrame>
  );
}

function CoinChoice({ ids, options }: { ids: PaymentIds; options: CurrencyOption[] }) {
  const t = useWidgetT();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [choosing, setChoosing] = useState<CurrencyOption | null>(null);
  const [problem, setProblem] = useState<'rates' | 'status' | null>(null);

  const choose = async (option: CurrencyOption) => {
    setChoosing(option);
    setProblem(null);
    const answer = await chooseCurrency(ids, option.iso);
    const code = answer.ok ? null : answer.error.code;
    // Another coin chosen meanwhile (a second tab): /payment shows the one that counts.
    if (code === null || code === 'currency_already_chosen') return navigate(widgetHref('/payment', search), { replace: true });
    if (code === 'payment_not_open') return navigate(widgetHref('/payment-failed', search, { reason: 'expired' }), { replace: true });
    if (code === 'payment_not_found' || code === 'merchant_not_recognized') return navigate(widgetHref('/payment-failed', search, { reason: 'unknown' }), { replace: true });
    setChoosing(null);
    const what = code === 'rates_unavailable' ? 'rates' : 'status';
    announceUnavailable(ids.transactionId, what);
    setProblem(what);
  };

  return (
    <section className="widget-page widget-home" aria-labelledby="home-title" aria-busy={choosing ? true : undefined}>
      <h1 id="home-title" className="widget-page__title">
        {t('home.title')}
      </h1>
      <p className="widget-payment__hint">{t('home.text')}</p>
      {options.length === 0 ? (
        <p role="alert">{t('home.none')}</p>
      ) : (
        <ul className="coin-list" aria-label={t('home.coins')}>
          {options.map((option) => (
            <li key={option.iso}>
              <button type="button" className="coin-choice" disabled={choosing !== null} onClick={() => void choose(option)}>
                <CoinIcon asset={option.iso} className="coin-choice__badge" />
                <span className="coin-choice__name">{option.name}</span>
                <span className="coin-choice__amount">
                  {option.amount} {option.iso}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="coin-list__note">{t('home.indicative')}</p>
      <p role="status" aria-live="polite" className="coin-list__status">
        {choosing ? t('home.choosing', { coin: choosing.iso }) : ''}
      </p>
      {problem ? <p role="alert">{problem === 'rates' ? t('error.rates') : t('error.status')}</p> : null}
    </section>
  );
}
