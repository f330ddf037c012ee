// /sys-admin/compliance: the compliance queue (roles compliance and admin). One tab per state with its
// count, the applicants of the chosen state oldest sent first, each with how long they have waited; below
// them the guest checkouts' identity checks waiting for a person (guest-identity-queue.tsx).
import { useEffect, useState } from 'react';
import { listComplianceQueue, type Queue } from '#core/contract/admin-compliance.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { errorText } from '../../identity/error-text.ts';
import { useAdminComplianceT } from '../../i18n/use-admin-compliance-t.ts';
import { adminApi } from '../admin-api.ts';
import { AdminPage } from '../admin-layout.tsx';
import { ageText } from './age-text.ts';
import { GuestIdentityQueue } from './guest-identity-queue.tsx';

const TABS = ['review', 'pending', 'more_requested', 'rejected', 'approved'] as const;
type Tab = (typeof TABS)[number];

export default function ComplianceQueuePage() {
  const t = useAdminComplianceT();
  return <AdminPage area="compliance" title={t('queue.title')}>{() => <QueueView />}</AdminPage>;
}

function QueueView() {
  const t = useAdminComplianceT();
  const locale = useBootStore((state) => state.locale);
  const [tab, setTab] = useState<Tab>('review');
  const [queue, setQueue] = useState<Queue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setFailure(null);
    void adminApi()
      .call(listComplianceQueue, { query: { state: tab } })
      .then((result) => {
        if (!live) return;
        if (result.ok) setQueue(result.data);
        else setFailure(errorText(result.error, locale));
      });
    return () => {
      live = false;
    };
  }, [tab, locale]);

  return (
    <>
      <h1 className="admin-title">{t('queue.title')}</h1>
      <p className="admin-lead">{t('queue.lead')}</p>
      <div className="kyc-queue__tabs" role="group" aria-label={t('queue.states')}>
        {TABS.map((state) => (
          <button key={state} type="button" className={`kyc-queue__tab${tab === state ? ' kyc-queue__tab--current' : ''}`} aria-pressed={tab === state} onClick={() => setTab(state)}>
            {t(`state.${state}`)} <span className="kyc-queue__count">{queue ? queue.counts[state] : '…'}</span>
          </button>
        ))}
      </div>
      {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
      {!queue && !failure ? <LoadingState label={t('queue.loading')} /> : null}
      {queue && queue.state === tab ? (
        queue.applicants.length === 0 ? (
          <p className="admin-card" role="status">{t('queue.empty')}</p>
        ) : (
          <table className="kyc-queue admin-card">
            <thead>
              <tr>
                <th scope="col">{t('queue.applicant')}</th>
                <th scope="col">{t('queue.document')}</th>
                <th scope="col">{t('queue.level')}</th>
                <th scope="col">{t('queue.waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.applicants.map((applicant) => (
                <tr key={applicant.user_id}>
                  <td data-label={t('queue.applicant')}>
                    <Link href={`/compliance/${applicant.user_id}`} aria-label={t('queue.open', { name: applicant.name || applicant.email })}>{applicant.name || applicant.email}</Link>
                    <span className="kyc-queue__email">{applicant.email}</span>
                  </td>
                  <td data-label={t('queue.document')}>{applicant.document_type ? t(`kind.${applicant.document_type as 'passport'}`) : '—'}</td>
                  <td data-label={t('queue.level')}>{applicant.level_asked ?? '—'}</td>
                  <td data-label={t('queue.waiting')}>
                    {applicant.submitted_at ? <time dateTime={applicant.submitted_at} title={new Date(applicant.submitted_at).toLocaleString(locale)}>{ageText(t, applicant.age_s)}</time> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      <GuestIdentityQueue />
    </>
  );
}
