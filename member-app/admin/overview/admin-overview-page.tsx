// /sys-admin/: the console's first page. A card per area the operator's role may use, with the counts
// the server sends for it (GET /v1/admin/overview leaves out the areas the role may not see).
import { useEffect, useState } from 'react';
import { adminOverview, type Overview } from '#core/contract/admin-overview.ts';
import type { OperatorMe } from '#core/contract/admin-session.ts';
import { AREA_PATH, areasFor, type ConsoleArea } from '#core/operators/areas.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { errorText } from '../../identity/error-text.ts';
import { useAdminConsoleT } from '../../i18n/use-admin-console-t.ts';
import { adminApi } from '../admin-api.ts';
import { AdminPage } from '../admin-layout.tsx';

export default function AdminOverviewPage() {
  const t = useAdminConsoleT();
  return <AdminPage area="overview" title={t('overview.title')}>{(me) => <OverviewCards me={me} />}</AdminPage>;
}

function OverviewCards({ me }: { me: OperatorMe }) {
  const t = useAdminConsoleT();
  const locale = useBootStore((state) => state.locale);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void adminApi()
      .call(adminOverview, {})
      .then((result) => {
        if (!live) return;
        if (result.ok) setOverview(result.data);
        else setFailure(errorText(result.error, locale));
      });
    return () => {
      live = false;
    };
  }, [locale]);

  const number = (value: number) => value.toLocaleString(locale);
  const figure = (area: ConsoleArea): { value: string | null; text: string; extra?: string } => {
    switch (area) {
      case 'members':
        return { value: overview?.members ? number(overview.members.total) : null, text: t('overview.members.total'), ...(overview?.members ? { extra: t('overview.members.blocked', { count: number(overview.members.blocked) }) } : {}) };
      case 'compliance':
        return { value: overview?.compliance ? number(overview.compliance.in_review) : null, text: t('overview.compliance.inReview') };
      case 'merchants':
        return { value: overview?.merchants ? number(overview.merchants.total) : null, text: t('overview.merchants.total') };
      case 'audit':
        return { value: overview?.audit ? number(overview.audit.today) : null, text: t('overview.audit.today') };
      case 'money':
        return overview?.money
          ? { value: number(overview.money.pending_wires), text: t('overview.money.pendingWires'), extra: t('overview.money.awaitingApproval', { count: number(overview.money.awaiting_approval) }) }
          : { value: null, text: t('overview.money') };
      case 'chains':
        return { value: null, text: t('overview.chains') };
      case 'fees':
        return { value: null, text: t('overview.fees') };
      case 'whitelabel':
        return { value: null, text: t('overview.whitelabel') };
    }
  };

  const areas = areasFor(me.role);
  return (
    <>
      <h1 className="admin-title">{t('overview.title')}</h1>
      <p className="admin-lead">{t('overview.lead', { name: me.name, role: t(`role.${me.role}`) })}</p>
      {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
      {!overview && !failure ? <LoadingState /> : null}
      {areas.length === 0 ? <p>{t('overview.none')}</p> : null}
      <ul className="admin-overview">
        {areas.map((area) => {
          const shown = figure(area);
          return (
            <li key={area} className="admin-card admin-overview__card">
              <h2 className="admin-overview__area">{t(`area.${area}`)}</h2>
              {shown.value !== null ? <p className="admin-overview__value">{shown.value}</p> : null}
              <p className="admin-overview__text">{shown.text}</p>
              {shown.extra ? <p className="admin-overview__extra">{shown.extra}</p> : null}
              <Link href={AREA_PATH[area]} className="admin-overview__open">
                {t('overview.open', { area: t(`area.${area}`) })}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
