// /transactions: GET /v1/transactions/getTransactions with the filters and page kept in the
// address, the rows of spec §4 (core/rules/transaction-display.ts: approved, 2-FA Pending,
// Pre-Authorized, pending, canceled, failed; hidden initial rows; a conversion as a debit and a
// credit row), paging, and a details dialog per transaction (?tx=... so it can be linked).
// The server counts and pages transactions (records), so the page does too: "6 transactions" over
// six groups, a conversion being one group of two lines, and the pager's "1–6 of 6" agrees.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { getTransactions, type TransactionsPage } from '#core/contract/transactions.ts';
import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { TransactionList } from '../../wallets/transaction-list.tsx';
import { transactionRows } from '../../wallets/transaction-view.ts';
import { apiQuery, hasActiveFilters, PER_PAGE_CHOICES, readFilters, writeFilters, type TransactionFilters } from '../../wallets/transactions-query.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';
import { TransactionDetail } from './transaction-detail.tsx';
import { TransactionFiltersForm } from './transaction-filters.tsx';

export default function TransactionsPageRoute() {
  return <MemberFrame>{() => <Transactions />}</MemberFrame>;
}

function Transactions() {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = readFilters(search);
  const openTx = new URLSearchParams(search).get('tx');
  const queryKey = writeFilters(filters);
  const [answer, setAnswer] = useState<{ key: string; page: TransactionsPage } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [version, setVersion] = useState(0);
  useDocumentTitle(t('tx.title'));

  useEffect(() => {
    let live = true;
    setError(null);
    void memberApi()
      .call(getTransactions, { query: apiQuery(readFilters(queryKey)) })
      .then((result) => {
        if (!live) return;
        if (result.ok) setAnswer({ key: queryKey, page: result.data });
        else setError(result.error);
      });
    return () => {
      live = false;
    };
  }, [queryKey, version]);

  const go = (next: TransactionFilters, tx: string | null = null) => {
    const query = writeFilters(next);
    const params = new URLSearchParams(query);
    if (tx) params.set('tx', tx);
    const text = params.toString();
    navigate(text ? `/transactions?${text}` : '/transactions');
  };
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  const current = answer && answer.key === queryKey ? answer.page : null;
  const rows = current ? transactionRows(current.transactions, locale) : [];
  const info = current ? pageInfo(filters.page, filters.per_page, current.total) : null;

  return (
    <div className="member-page transactions-page">
      <header>
        <h1 className="member-page__title">{t('tx.title')}</h1>
        <p className="member-page__meta">{t('tx.lead')}</p>
      </header>
      <TransactionFiltersForm key={queryKey} filters={filters} onApply={(next) => go(next)} />
      <p role="status" aria-live="polite" className={current && current.total > 0 ? 'tx-summary' : 'visually-hidden'}>
        {current ? <strong data-testid="tx-count">{countText(current.total, locale, t)}</strong> : null}
        {rows.some((row) => row.side !== null) ? <span className="tx-summary__note">{t('tx.pairNote')}</span> : null}
      </p>
      {error ? (
        <div className="empty-state empty-state--error" role="alert">
          <h2 className="empty-state__title">{t('tx.errorTitle')}</h2>
          <p className="empty-state__body">{walletsErrorText(error, locale)}</p>
          <button type="button" className="button button--primary" onClick={reload}>{t('wallets.retry')}</button>
        </div>
      ) : !current ? (
        <div className="wallets-skeleton" aria-busy="true">
          <p role="status" className="visually-hidden">{t('tx.loading')}</p>
          {[0, 1, 2, 3].map((n) => <div key={n} className="skeleton skeleton--row" aria-hidden="true" />)}
        </div>
      ) : rows.length === 0 ? (
        <div className="empty-state">
          <h2 className="empty-state__title">{hasActiveFilters(filters) ? t('tx.emptyFiltered') : t('tx.emptyTitle')}</h2>
          {hasActiveFilters(filters) ? null : <p className="empty-state__body">{t('tx.emptyBody')}</p>}
        </div>
      ) : (
        <TransactionList caption={t('tx.title')} rows={rows} onDetails={(row) => go(filters, row.record.id)} />
      )}
      {info && info.total > 0 ? (
        <Pager
          info={info}
          texts={{
            label: t('tx.pageOf', { page: info.page, pages: info.pages }),
            previous: t('tx.previous'),
            next: t('tx.next'),
            position: t('tx.showing', { first: info.first, last: info.last, total: info.total }),
          }}
          onPage={(page) => go({ ...filters, page })}
          perPage={{ label: t('tx.perPage'), value: filters.per_page, choices: PER_PAGE_CHOICES, onChange: (perPage) => go({ ...filters, page: 1, per_page: perPage }) }}
        />
      ) : null}
      {openTx ? <TransactionDetail transactionId={openTx} onClose={() => go(filters)} onChanged={reload} /> : null}
    </div>
  );
}

function countText(total: number, locale: Locale, t: ReturnType<typeof useWalletsT>): string {
  return total === 1 ? t('tx.countOne') : t('tx.countMany', { count: new Intl.NumberFormat(locale).format(total) });
}
