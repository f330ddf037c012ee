// The loading and error states every widget payment page shares: words, a live region, a retry.
import { LoadingState } from '#ui/components/loading-state.tsx';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';

export function PaymentLoading() {
  const t = useWidgetT();
  return (
    <WidgetFrame>
      <LoadingState label={t('loading')} />
    </WidgetFrame>
  );
}

/** The spec §5 status failure text by default; the home page also shows its rates failure text. */
export function PaymentError({ retry, text = 'status' }: { retry: () => void; text?: 'status' | 'rates' }) {
  const t = useWidgetT();
  return (
    <WidgetFrame>
      <div className="widget-page widget-page--error" role="alert">
        <p>{text === 'rates' ? t('error.rates') : t('error.status')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('error.retry')}
        </button>
      </div>
    </WidgetFrame>
  );
}
