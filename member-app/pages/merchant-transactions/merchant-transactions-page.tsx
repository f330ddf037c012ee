// /merchantTransactions (merchant users, spec §6 gate permissions.fiat_withdrawals = 1): the volume
// received above, then every payment of the merchant (GET /v1/merchant/payments) searched, filtered
// and paged on the server with the filters kept in the address, the same list as a CSV download, and
// one payment's details (?payment=<id>). The list and the volume are read again every 10 s while the
// tab is visible, so a payment appears and settles without a reload.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { listMerchantPayments, merchantPaymentsCsv, type MerchantPaymentsPage } from '#core/contract/merchant-office.ts';
import { isMerchant } from '#core/rules/permission-gates.ts';
import { buildUrl } from '#ui/api/api-client.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useMerchantT } from '../../i18n/use-merchant-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { browserPollerEnvironment, startPolling } from '../../wallets/poller.ts';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';
import { PaymentDetail } from './payment-detail.tsx';
import { PaymentFiltersForm } from './payment-filters.tsx';
import { PaymentTable } from './payment-table.tsx';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { apiQuery, filterQuery, hasActiveFilters, PER_PAGE_CHOICES, readFilters, writeFilters, type PaymentFilters } from './payments-query.ts';
import { VolumeChart } from './volume-chart.tsx';

const REFRESH_MS = 10_000;

export default function MerchantTransactionsRoute() {
  return <MemberFrame>{(user) => (isMerchant(user.permissions) ? <MerchantTransactions /> : <NotMerchant />)}</MemberFrame>;
}

/** Spec §6: merchant pages need permissions.fiat_withdrawals = 1; a member who types the address is told so. */
function NotMerchant() {
  const t = useMerchantT();
  useDocumentTitle(t('mtx.title'));
  return (
    <div className="member-page">
      <h1 className="member-page__title">{t('mtx.title')}</h1>
      <div className="empty-state" role="alert">
        <h2 className="empty-state__title">{t('mtx.notMerchant')}</h2>
      </div>
    </div>
  );
}

function MerchantTransactions() {
  const t = useMerchantT();
  const locale = useBootStore((state) => state.locale);
  const apiBase = useWhiteLabel()?.configuration.api || '/v1';
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = readFilters(search);
  const openPayment = new URLSearchParams(search).get('payment');
  const queryKey = writeFilters(filters);
  const [answer, setAnswer] = useState<{ key: string; page: MerchantPaymentsPage } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [version, setVersion] = useState(0);
  useDocumentTitle(t('mtx.title'));

  useEffect(() => {
    let live = true;
    void memberApi()
      .call(listMerchantPayments, { query: apiQuery(readFilters(queryKey)) })
      .then((result) => {
        if (!live) return;
        if (result.ok) {
          setAnswer({ key: queryKey, page: result.data });
          setError(null);
        } else setError(result.error);
      });
    return () => {
      live = false;
    };
  }, [queryKey, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  useEffect(() => {
    let first = true;
    return startPolling(
      async () => {
        // The first run is the page's own first read, already under way.
        if (first) first = false;
        else reload();
      },
      REFRESH_MS,
      browserPollerEnvironment(),
    );
  }, [reload]);

  const go = (next: PaymentFilters, payment: string | null = null) => {
    const params = new URLSearchParams(writeFilters(next));
    if (payment) params.set('payment', payment);
    const text = params.toString();
    navigate(text ? `/merchantTransactions?${text}` : '/merchantTransactions');
  };

  const current = answer && answer.key === queryKey ? answer.page : null;
  const info = current ? pageInfo(filters.page, filters.per_page, current.total) : null;
  const csvHref = buildUrl(apiBase, merchantPaymentsCsv.path, filterQuery(filters));

  return (
    <div className="member-page transactions-page merchant-transactions-page">
      <header>
        <h1 className="member-page__title">{t('mtx.title')}</h1>
        <p className="member-page__meta">{t('mtx.lead')}</p>
      </header>
      <VolumeChart refreshKey={version} />
      <PaymentFiltersForm key={queryKey} filters={filters} onApply={(next) => go(next)} />
      <div className="mtx-toolbar">
        <p role="status" aria-live="polite" className="tx-summary">
          {current ? <strong data-testid="mtx-count">{current.total === 1 ? t('mtx.countOne') : t('mtx.countMany', { count: new Intl.NumberFormat(locale).format(current.total) })}</strong> : null}
        </p>
        {current && current.total > 0 ? (
          <a className="button button--secondary" href={csvHref} download aria-describedby="mtx-export-hint" data-testid="mtx-export">
            {t('mtx.export')}
          </a>
        ) : null}
        <span id="mtx-export-hint" className="visually-hidden">{t('mtx.exportHint')}</span>
      </div>
      {error && !current ? (
        <div className="empty-state empty-state--error" role="alert">
          <h2 className="empty-state__title">{t('mtx.errorTitle')}</h2>
          <p className="empty-state__body">{walletsErrorText(error, locale)}</p>
          <button type="button" className="button button--primary" onClick={reload}>{t('mtx.retry')}</button>
        </div>
      ) : !current ? (
        <div className="wallets-skeleton" aria-busy="true">
          <p role="status" className="visually-hidden">{t('mtx.loading')}</p>
          {[0, 1, 2, 3].map((n) => <div key={n} className="skeleton skeleton--row" aria-hidden="true" />)}
        </div>
      ) : current.payments.length === 0 ? (
        <div className="empty-state">
          <h2 className="empty-state__title">{hasActiveFilters(filters) ? t('mtx.emptyFiltered') : t('mtx.emptyTitle')}</h2>
          {hasActiveFilters(filters) ? null : <p className="empty-state__body">{t('mtx.emptyBody')}</p>}
        </div>
      ) : (
        <PaymentTable payments={current.payments} onDetails={(payment) => go(filters, payment.id)} />
      )}
      {info && info.total > 0 ? (
        <Pager
          info={info}
          texts={{
            label: t('mtx.pageOf', { page: info.page, pages: info.pages }),
            previous: t('mtx.previous'),
            next: t('mtx.next'),
            position: t('mtx.showing', { first: info.first, last: info.last, total: info.total }),
          }}
          onPage={(page) => go({ ...filters, page })}
          perPage={{ label: t('mtx.perPage'), value: filters.per_page, choices: PER_PAGE_CHOICES, onChange: (perPage) => go({ ...filters, page: 1, per_page: perPage }) }}
        />
      ) : null}
      {openPayment ? <PaymentDetail paymentId={openPayment} onClose={() => go(filters)} onChanged={reload} /> : null}
    </div>
  );
}
