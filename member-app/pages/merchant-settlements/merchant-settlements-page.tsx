// /merchantSettlements and /merchantSettlements/:tab (spec §2): the payouts overview, and the
// creditcards, widget and wire sub-pages. Spec §2/§6 gate: a merchant (permissions.fiat_withdrawals = 1)
// on a provider that does not hide settlements; anyone else is told the page is not for them (the
// server refuses them too). An unknown tab is the 404 page.
import { useParams } from 'wouter';
import type { UserInfo } from '#core/contract/users.ts';
import { isMerchant } from '#core/rules/permission-gates.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { settlementTab, type SettlementTab } from '../../settlements/settlement-tabs.ts';
import { PayoutsTab } from './payouts-tab.tsx';
import { ReceiptsTab } from './receipts-tab.tsx';
import { SettlementsNav } from './settlements-nav.tsx';
import { WidgetTab } from './widget-tab.tsx';

export default function MerchantSettlementsRoute() {
  return <MemberFrame>{(user) => <MerchantSettlements user={user} />}</MemberFrame>;
}

function MerchantSettlements({ user }: { user: UserInfo }) {
  const t = useSettlementsT();
  const { tab: raw } = useParams<{ tab?: string }>();
  const tab = settlementTab(raw);
  const whitelabel = useWhiteLabel();
  useDocumentTitle(t('st.title'));
  if (tab === null) return <NotFoundPage />;
  const allowed = isMerchant(user.permissions) && whitelabel !== null && !whitelabel.permissions.hide_settlements;

  return (
    <div className="member-page settlements-page">
      <header>
        <h1 className="member-page__title">{t('st.title')}</h1>
        <p className="member-page__meta">{t('st.lead')}</p>
      </header>
      {allowed ? (
        <>
          <SettlementsNav active={tab} />
          <TabContent tab={tab} apiBase={whitelabel.configuration.api || '/v1'} />
        </>
      ) : (
        <div className="empty-state" role="status">
          <h2 className="empty-state__title">{t('st.unavailableTitle')}</h2>
          <p className="empty-state__body">{t('st.unavailableBody')}</p>
        </div>
      )}
    </div>
  );
}

function TabContent({ tab, apiBase }: { tab: SettlementTab; apiBase: string }) {
  switch (tab) {
    case 'overview':
      return <PayoutsTab apiBase={apiBase} />;
    case 'widget':
      return <WidgetTab />;
    case 'creditcards':
    case 'wire':
      return <ReceiptsTab kind={tab} />;
  }
}
