// /payment-failed: the spec §8 texts, for a payment that ran out of time (?reason=expired) or a
// merchant or payment we could not find (anything else).
import { useSearch } from 'wouter';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { failureReasonOf } from '../widget/payment-view.ts';
import { WidgetFrame } from '../widget/widget-frame.tsx';

export default function PaymentFailedPage() {
  const t = useWidgetT();
  useDocumentTitle(t('failed.title'));
  const reason = failureReasonOf(new URLSearchParams(useSearch()).get('reason'));
  return (
    <WidgetFrame>
      <section className="widget-page" aria-labelledby="failed-title">
        <h1 id="failed-title" className="widget-page__title">
          {t('failed.title')}
        </h1>
        <p role="alert">{reason === 'expired' ? t('failed.expired') : t('failed.unknown')}</p>
      </section>
    </WidgetFrame>
  );
}
