// The loading and error states every widget payment page shares: words, a live region, a retry.
import { LoadingState } from '#ui/components/loading-state.tsx';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';

/** `confirmLeave` on the pages of an open payment (home, payment, detected): closing asks first, even while loading. */
export function PaymentLoading({ confirmLeave = false }: { confirmLeave?: boolean }) {
  const t = useWidgetT();
  return (
    <WidgetFrame confirmLeave={confirmLeave}>
      <LoadingState label={t('loading')} />
    </WidgetFrame>
  );
}

/** The spec §5 status failure text by default; the home page also shows its rates failure text. */
export function PaymentError({ retry, text = 'status', confirmLeave = false }: { retry: () => void; text?: 'status' | 'rates'; confirmLeave?: boolean }) {
  const t = useWidgetT();
  return (
    <WidgetFrame confirmLeave={confirmLeave}>
      <div className="widget-page widget-page--error" role="alert">
        <p>{text === 'rates' ? t('error.rates') : t('error.status')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('error.retry')}
        </button>
      </div>
    </WidgetFrame>
  );
}
