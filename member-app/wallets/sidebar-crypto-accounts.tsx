// The sidebar's Crypto Accounts list (spec §2): each crypto wallet with its balance, linking to
// /wallets/{coin}, or a line saying there is none yet; and the action that adds one, which says
// "Add a wallet" until the member has a crypto wallet and "Add another wallet" after (spec §2's
// words). "View all" is placed by the layout around these.
import type { UserInfo } from '#core/contract/users.ts';
import { isCrypto } from '#core/assets.ts';
import { formatGrouped } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useMembersT } from '#ui/i18n/use-members-t.ts';
import { useWalletsT } from '../i18n/use-wallets-t.ts';
import { useBalancesStore } from './balances-store.ts';
import { cryptoWallets, minorOf, UNREADABLE } from './wallet-view.ts';

interface SidebarWallet {
  currency: string;
  balance: string;
}

/** The member's crypto wallets from the balances store; before its first answer, currentUser's wallet list names the coins. */
function useSidebarWallets(user: UserInfo): SidebarWallet[] {
  const locale = useBootStore((state) => state.locale);
  const data = useBalancesStore((state) => state.data);
  if (!data) return user.wallets.filter((wallet) => isCrypto(wallet.currency)).map((wallet) => ({ currency: wallet.currency, balance: '' }));
  return cryptoWallets(data.wallets).map((wallet) => {
    // The coin is named beside it, so the balance is the bare number.
    const minor = minorOf(wallet.balance, wallet.currency);
    return { currency: wallet.currency, balance: minor === null ? UNREADABLE : formatGrouped(minor, wallet.currency, locale) };
  });
}

export function SidebarCryptoAccounts({ user }: { user: UserInfo }) {
  const t = useWalletsT();
  const wallets = useSidebarWallets(user);
  if (wallets.length === 0) return <p className="sidebar-empty">{t('sidebar.noCryptoAccounts')}</p>;
  return (
    <ul className="sidebar-wallets">
      {wallets.map((wallet) => (
        <li key={wallet.currency}>
          <Link href={`/wallets/${wallet.currency}`} className="sidebar-wallet">
            <span className="sidebar-wallet__coin">{wallet.currency}</span>
            <span className="sidebar-wallet__balance">{wallet.balance}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SidebarAddWallet({ user }: { user: UserInfo }) {
  const t = useMembersT();
  const hasOne = useSidebarWallets(user).length > 0;
  return (
    <Link href="/wallets?add=1" className="button button--secondary" data-testid="sidebar-add-wallet">
      {t(hasOne ? 'sidebar.addWallet' : 'sidebar.addFirstWallet')}
    </Link>
  );
}
