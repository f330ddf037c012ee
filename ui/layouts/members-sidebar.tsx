// The members sidebar, entry by entry from core/rules/permission-gates.ts (spec §2 and §6).
// Account Value, the Crypto Accounts list and its add-a-wallet action hold live data (the action
// says "Add a wallet" until there is one, then "Add another wallet"), so the app renders them and
// this component places them, with their headings and "View all".
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { SidebarEntry } from '#core/rules/permission-gates.ts';
import { Link } from '../components/link.tsx';
import { isMembersKey } from '../i18n/members-en.ts';
import { useMembersT } from '../i18n/use-members-t.ts';

export interface MembersSidebarProps {
  entries: readonly SidebarEntry[];
  /** Account Value in the user's fiat currency, and in BTC when showBtc (hide_account_value_btc off). */
  accountValue: (showBtc: boolean) => ReactNode;
  /** The list of the member's crypto accounts. */
  cryptoAccounts: ReactNode;
  /** The action that adds a wallet, worded for whether the member has one yet. */
  addWallet: ReactNode;
}

export function MembersSidebar({ entries, accountValue, cryptoAccounts, addWallet }: MembersSidebarProps) {
  const t = useMembersT();
  const [location] = useLocation();
  const label = (key: string) => (isMembersKey(key) ? t(key) : key);
  const links = entries.filter((entry) => entry.kind === 'link');
  return (
    <div className="members-sidebar__content">
      <ul className="sidebar-links">
        {links.map((entry) => (
          <li key={entry.id}>
            <Link
              href={entry.path}
              className="sidebar-link"
              aria-current={location === entry.path || location.startsWith(`${entry.path}/`) ? 'page' : undefined}
            >
              {label(entry.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      {entries.map((entry) => {
        if (entry.kind === 'account-value') {
          return (
            <SidebarSection key={entry.id} id="sidebar-account-value" title={label(entry.labelKey)}>
              {accountValue(entry.showBtc)}
            </SidebarSection>
          );
        }
        if (entry.kind === 'crypto-accounts') {
          return (
            <SidebarSection key={entry.id} id="sidebar-crypto-accounts" title={label(entry.labelKey)}>
              {cryptoAccounts}
              <div className="sidebar-section__actions">
                <Link href={entry.viewAllPath}>{t('sidebar.viewAll')}</Link>
                {addWallet}
              </div>
            </SidebarSection>
          );
        }
        return null;
      })}
    </div>
  );
}

function SidebarSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="sidebar-section" aria-labelledby={id}>
      <h2 id={id} className="sidebar-section__title">{title}</h2>
      {children}
    </section>
  );
}
