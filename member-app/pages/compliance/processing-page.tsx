// /processing and /processing_online (spec §2): the documents were sent and the provider's automatic check
// is running. Polls every 3 s; when it ends (a decision, or a handover to an officer), says so and links
// to the result.
import { Link } from 'wouter';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useCompliance } from '../../compliance/use-compliance.ts';
import { complianceErrorText } from '../../compliance/compliance-error-text.ts';
import { useComplianceT } from '../../i18n/use-compliance-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';

export default function ProcessingPage() {
  return <MemberFrame>{() => <Processing />}</MemberFrame>;
}

function Processing() {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  useDocumentTitle(t('processing.title'));
  const { compliance, failed, reload } = useCompliance(3_000);
  return (
    <div className="member-page kyc-page">
      <header>
        <h1 className="member-page__title">{t('processing.title')}</h1>
        <p className="member-page__meta">{t('processing.lead')}</p>
      </header>
      {failed ? (
        <div className="empty-state empty-state--error" role="alert">
          <p className="empty-state__body">{complianceErrorText(failed, locale)}</p>
          <button type="button" className="button button--primary" onClick={reload}>{t('kyc.retry')}</button>
        </div>
      ) : !compliance || compliance.state === 'pending' ? (
        <div className="panel kyc-wait">
          <LoadingState label={t('processing.checking')} />
        </div>
      ) : (
        <div className="panel kyc-wait" role="status">
          <p>{t('processing.done')}</p>
          <Link href={compliance.state === 'review' ? '/review' : '/compliance'} className="button button--primary">{t('processing.see')}</Link>
        </div>
      )}
    </div>
  );
}
