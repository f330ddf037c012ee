// The sidebar's Crypto Accounts list (spec §2): each crypto wallet with its balance, linking to
// /wallets/{coin}. "View all" and "Add another wallet" are placed by the layout around this list.
import type { UserInfo } from '#core/contract/users.ts';
import { isCrypto } from '#core/assets.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useWalletsT } from '../i18n/use-wallets-t.ts';
import { useBalancesStore } from './balances-store.ts';
import { formatGrouped } from '#core/money-display.ts';
import { cryptoWallets, minorOf, UNREADABLE } from './wallet-view.ts';

export function SidebarCryptoAccounts({ user }: { user: UserInfo }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const data = useBalancesStore((state) => state.data);
  // Before the first balances answer, currentUser's wallet list still names the coins.
  const wallets = data
    ? cryptoWallets(data.wallets).map((wallet) => {
        // The coin is named beside it, so the balance is the bare number.
        const minor = minorOf(wallet.balance, wallet.currency);
        return { currency: wallet.currency, balance: minor === null ? UNREADABLE : formatGrouped(minor, wallet.currency, locale) };
      })
    : user.wallets.filter((wallet) => isCrypto(wallet.currency)).map((wallet) => ({ currency: wallet.currency, balance: '' }));
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
