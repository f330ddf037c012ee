// A wallet's activity (GET /v1/transactions/getWalletActivity), ten rows a page, with the spec §4
// display rules. While a row is still open (a deposit waiting for confirmations, a withdrawal
// waiting for its code) or just after test coins were sent, the page re-reads itself every 5 s so
// the member sees the status move without reloading.
import { useCallback, useEffect, useState } from 'react';
import type { Asset } from '#core/assets.ts';
import { getWalletActivity, type TransactionsPage } from '#core/contract/transactions.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { TransactionList } from '../../wallets/transaction-list.tsx';
import { transactionRows } from '../../wallets/transaction-view.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';

const PER_PAGE = 10;
const OPEN_REFRESH_MS = 5_000;

/** refreshKey changes when the wallet's figures change, so a credited deposit shows at once. */
export function WalletActivity({ coin, watchUntil, refreshKey }: { coin: Asset; watchUntil: number; refreshKey: string }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<TransactionsPage | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const load = useCallback(async () => {
    const result = await memberApi().call(getWalletActivity, { query: { currency: coin, page: String(page), per_page: String(PER_PAGE) } });
    if (result.ok) {
      setAnswer(result.data);
      setError(null);
    } else setError(result.error);
  }, [coin, page]);

  useEffect(() => {
    void load();
  }, [load, watchUntil, refreshKey]);

  const rows = answer ? transactionRows(answer.transactions, locale, coin) : [];
  const anyOpen = rows.some((row) => row.open);
  useEffect(() => {
    if (!anyOpen && Date.now() > watchUntil) return undefined;
    const timer = setTimeout(() => void load(), OPEN_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [answer, anyOpen, watchUntil, load]);

  const info = answer ? pageInfo(page, PER_PAGE, answer.total) : null;
  return (
    <section className="panel wallet-activity" aria-labelledby="wallet-activity-title">
      <h2 id="wallet-activity-title" className="panel__title">{t('activity.title')}</h2>
      {error && !answer ? (
        <div role="alert" className="form-alert form-alert--error">
          {t('activity.error')} {walletsErrorText(error, locale)}{' '}
          <button type="button" className="button button--link" onClick={() => void load()}>{t('wallets.retry')}</button>
        </div>
      ) : null}
      {answer === null && !error ? <p role="status" className="panel__lead">{t('tx.loading')}</p> : null}
      {answer && rows.length === 0 ? <p className="panel__lead">{t('activity.empty')}</p> : null}
      {rows.length > 0 ? <TransactionList caption={t('activity.title')} rows={rows} hideCurrency /> : null}
      {info && info.pages > 1 ? (
        <Pager
          info={info}
          texts={{ label: t('activity.title'), previous: t('activity.newer'), next: t('activity.more'), position: t('activity.page', { page: info.page, pages: info.pages }) }}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
