// The hot wallets payouts leave from: balance, what is accepted and not yet sent to the node (still in
// the balance, no longer free), and where to top each up. A node that cannot be read says so in words,
// never as a 0. Empty while payouts go through the test network, and the page says so in those words.
import type { CryptoAsset } from '#core/assets.ts';
import type { HotWallet } from '#core/contract/admin-chains.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';
import { useAdminChainsT } from '../../i18n/use-admin-chains-t.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';

export function HotWalletsTable({ wallets }: { wallets: HotWallet[] }) {
  const t = useAdminChainsT();
  const show = useShowAmount();
  return (
    <section className="chains-section" aria-labelledby="hot-wallets-title">
      <h2 id="hot-wallets-title" className="profile-section__title">{t('hot.title')}</h2>
      <p className="panel__note">{t('hot.lead')}</p>
      {wallets.length === 0 ? (
        <div className="empty-state">
          <h3 className="empty-state__title">{t('hot.emptyTitle')}</h3>
          <p className="empty-state__body">{t('hot.empty')}</p>
        </div>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t('hot.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('hot.asset')}</th>
                <th scope="col" className="admin-num">{t('hot.balance')}</th>
                <th scope="col" className="admin-num">{t('hot.pending')}</th>
                <th scope="col">{t('hot.address')}</th>
              </tr>
            </thead>
            <tbody>
              {wallets.map((wallet) => (
                <tr key={wallet.asset} data-testid="hot-wallet">
                  <td data-label={t('hot.asset')}>
                    <span className="chains-asset">
                      <CoinIcon asset={wallet.asset} size={20} className="chains-assets__icon" />
                      {wallet.asset}
                    </span>
                  </td>
                  <td data-label={t('hot.balance')} className="admin-num">{wallet.balance === null ? <span className="chains-bad chains-wrap">{t('hot.unreadable', { error: wallet.error ?? '' })}</span> : show(wallet.balance, wallet.asset as CryptoAsset)}</td>
                  <td data-label={t('hot.pending')} className="admin-num">{show(wallet.pending, wallet.asset as CryptoAsset)}</td>
                  <td data-label={t('hot.address')}>{wallet.address === null ? t('hot.addressNone') : <code className="chains-node">{wallet.address}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
