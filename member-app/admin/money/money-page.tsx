// /sys-admin/money and /sys-admin/money/:tab: the console's money area for finance and admin operators
// (AdminPage refuses every other role, and the server refuses their calls too). The tabs are links, one
// route each, the current one marked with aria-current; an unknown tab is the 404 page.
import { useParams } from 'wouter';
import type { OperatorMe } from '#core/contract/admin-session.ts';
import { Link } from '#ui/components/link.tsx';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import type { AdminMoneyKey } from '../../i18n/admin-money-en.ts';
import { AdminPage } from '../admin-layout.tsx';
import { IncomingWiresTab } from './incoming-wires-tab.tsx';
import { LedgerTab } from './ledger-tab.tsx';
import { moneyTab, moneyTabPath, MONEY_TABS, type MoneyTab } from './money-tabs.ts';
import { PayoutsTab } from './payouts-tab.tsx';
import { WiresTab } from './wires-tab.tsx';
import { WithdrawalsTab } from './withdrawals-tab.tsx';

const TAB_LABEL: Record<MoneyTab, AdminMoneyKey> = { wires: 'money.tabWires', 'incoming-wires': 'money.tabIncoming', withdrawals: 'money.tabWithdrawals', payouts: 'money.tabPayouts', ledger: 'money.tabLedger' };

export default function AdminMoneyPage() {
  const t = useAdminMoneyT();
  const { tab: raw } = useParams<{ tab?: string }>();
  const tab = moneyTab(raw);
  if (tab === null) return <NotFoundPage />;
  return <AdminPage area="money" title={`${t(TAB_LABEL[tab])} · ${t('money.title')}`}>{(me) => <MoneyArea me={me} tab={tab} />}</AdminPage>;
}

function MoneyArea({ me, tab }: { me: OperatorMe; tab: MoneyTab }) {
  const t = useAdminMoneyT();
  return (
    <div className="money-page">
      <header>
        <h1 className="admin-title">{t('money.title')}</h1>
        <p className="panel__note">{t('money.lead')}</p>
      </header>
      <nav aria-label={t('money.nav')}>
        <ul className="tabs__list settlements-nav money-tabs">
          {MONEY_TABS.map((each) => (
            <li key={each}>
              <Link href={moneyTabPath(each)} className={`tabs__tab${each === tab ? ' tabs__tab--active' : ''}`} aria-current={each === tab ? 'page' : undefined}>
                {t(TAB_LABEL[each])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'wires' ? <WiresTab role={me.role} /> : null}
      {tab === 'incoming-wires' ? <IncomingWiresTab /> : null}
      {tab === 'withdrawals' ? <WithdrawalsTab role={me.role} /> : null}
      {tab === 'payouts' ? <PayoutsTab /> : null}
      {tab === 'ledger' ? <LedgerTab /> : null}
    </div>
  );
}
