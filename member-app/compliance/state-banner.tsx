// Where the check stands, above the steps: approved with the level, rejected with each reason and what to
// fix, a request for more with the officer's note, or waiting (with a link to /review or /processing).
import { Link } from 'wouter';
import type { Compliance } from '#core/contract/compliance.ts';
import { isRejectionReason, REJECTION_REASONS } from '#core/compliance/rejection-reasons.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';
import { levelName } from './level-name.ts';
import { waitingPath } from './use-compliance.ts';

export function StateBanner({ compliance }: { compliance: Compliance }) {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  const level = (id: string | null) => levelName(t, id);
  const note = compliance.note ? <p className="kyc-banner__note">{t('state.note', { note: compliance.note })}</p> : null;
  const reasons = compliance.reasons.length > 0 ? (
    <ul className="kyc-banner__reasons">
      {compliance.reasons.map((reason) => <li key={reason.code}>{isRejectionReason(reason.code) ? REJECTION_REASONS[reason.code][locale] : reason.message}</li>)}
    </ul>
  ) : null;
  switch (compliance.state) {
    case 'approved':
      return (
        <section className="kyc-banner kyc-banner--success" role="status" aria-labelledby="kyc-banner-title">
          <h2 id="kyc-banner-title" className="kyc-banner__title">{t('state.approvedTitle')}</h2>
          <p>{t('state.approvedBody', { level: level(compliance.level) })}</p>
          {compliance.target ? <p>{t('state.approvedMore', { level: level(compliance.target) })}</p> : null}
          {reasons}
          {note}
        </section>
      );
    case 'rejected':
      return (
        <section className="kyc-banner kyc-banner--error" role="alert" aria-labelledby="kyc-banner-title">
          <h2 id="kyc-banner-title" className="kyc-banner__title">{t('state.rejectedTitle')}</h2>
          <p>{t('state.rejectedBody')}</p>
          {reasons}
          {note}
        </section>
      );
    case 'more_requested':
      return (
        <section className="kyc-banner kyc-banner--warning" role="alert" aria-labelledby="kyc-banner-title">
          <h2 id="kyc-banner-title" className="kyc-banner__title">{t('state.moreTitle')}</h2>
          <p>{t('state.moreBody')}</p>
          {note}
        </section>
      );
    case 'pending':
    case 'review': {
      const path = waitingPath(compliance);
      return (
        <section className="kyc-banner kyc-banner--info" role="status" aria-labelledby="kyc-banner-title">
          <h2 id="kyc-banner-title" className="kyc-banner__title">{t(compliance.state === 'review' ? 'state.reviewTitle' : 'state.pendingTitle')}</h2>
          {path ? <Link href={path} className="button button--secondary">{t('state.waitLink')}</Link> : null}
        </section>
      );
    }
    case 'not_started':
      return null;
  }
}
