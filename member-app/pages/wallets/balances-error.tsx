// The balances could not be loaded: what went wrong, in words, and a retry. One component for /wallets
// and /wallets/{coin}, which both read the shared balances store.
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { refreshBalancesNow } from '../../wallets/use-balances.ts';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';

export function BalancesError({ error, owner }: { error: Pick<ApiError, 'code' | 'message'>; owner: string }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  return (
    <div className="empty-state empty-state--error" role="alert">
      <h2 className="empty-state__title">{t('wallets.errorTitle')}</h2>
      <p className="empty-state__body">{walletsErrorText(error, locale)}</p>
      <button type="button" className="button button--primary" onClick={() => void refreshBalancesNow(owner)}>
        {t('wallets.retry')}
      </button>
    </div>
  );
}
