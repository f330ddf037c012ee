// /review (spec §2): the documents are with a compliance officer. Says what happens next and how long it
// takes, and polls every 10 s: when the decision comes, it shows it with the way back to /compliance.
import { Link } from 'wouter';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { StateBanner } from '../../compliance/state-banner.tsx';
import { useCompliance } from '../../compliance/use-compliance.ts';
import { complianceErrorText } from '../../compliance/compliance-error-text.ts';
import { useComplianceT } from '../../i18n/use-compliance-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';

export default function ReviewPage() {
  return <MemberFrame>{() => <Review />}</MemberFrame>;
}

function Review() {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  useDocumentTitle(t('review.title'));
  const { compliance, failed, reload } = useCompliance(10_000);
  return (
    <div className="member-page kyc-page">
      <header>
        <h1 className="member-page__title">{t('review.title')}</h1>
        <p className="member-page__meta">{t('review.lead')}</p>
      </header>
      {failed ? (
        <div className="empty-state empty-state--error" role="alert">
          <p className="empty-state__body">{complianceErrorText(failed, locale)}</p>
          <button type="button" className="button button--primary" onClick={reload}>{t('kyc.retry')}</button>
        </div>
      ) : !compliance ? (
        <p role="status" className="panel__note">{t('kyc.loading')}</p>
      ) : compliance.state === 'review' || compliance.state === 'pending' ? (
        <section className="panel kyc-wait" aria-labelledby="kyc-next-title">
          <h2 id="kyc-next-title" className="panel__title">{t('review.next')}</h2>
          <ol className="kyc-wait__list">
            <li>{t('review.step1')}</li>
            <li>{t('review.step2')}</li>
            <li>{t('review.step3')}</li>
          </ol>
          {compliance.submitted_at ? (
            <p className="panel__note">{t('review.sentAt', { date: new Date(compliance.submitted_at).toLocaleString(locale) })}</p>
          ) : null}
        </section>
      ) : compliance.state === 'not_started' ? (
        <div className="empty-state" role="status">
          <h2 className="empty-state__title">{t('nothing.title')}</h2>
          <p className="empty-state__body">{t('nothing.body')}</p>
        </div>
      ) : (
        <StateBanner compliance={compliance} />
      )}
      <p><Link href="/compliance">{t('review.back')}</Link></p>
    </div>
  );
}
