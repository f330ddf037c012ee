// The settlement sub-pages as links (each is its own route, spec §2), styled like the money tabs;
// the current one is marked with aria-current.
import { Link } from '#ui/components/link.tsx';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';
import { settlementTabPath, type SettlementTab } from '../../settlements/settlement-tabs.ts';

const TABS: readonly { tab: SettlementTab; label: 'st.tabOverview' | 'st.tabCards' | 'st.tabWidget' | 'st.tabWire' }[] = [
  { tab: 'overview', label: 'st.tabOverview' },
  { tab: 'creditcards', label: 'st.tabCards' },
  { tab: 'widget', label: 'st.tabWidget' },
  { tab: 'wire', label: 'st.tabWire' },
];

export function SettlementsNav({ active }: { active: SettlementTab }) {
  const t = useSettlementsT();
  return (
    <nav aria-label={t('st.nav')}>
      <ul className="tabs__list settlements-nav">
        {TABS.map(({ tab, label }) => (
          <li key={tab}>
            <Link href={settlementTabPath(tab)} className={`tabs__tab${tab === active ? ' tabs__tab--active' : ''}`} aria-current={tab === active ? 'page' : undefined}>
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
